/**
 * The line an operator limited to some sites reads where the controls of what every site shares
 * would be (useEverySite), in the server's words (adminMessages.everySite).
 */
import './every-site-note.css';

export function EverySiteNote({ text }: { text: string }) {
  return (
    <p className="every-site-note" role="note" data-testid="every-site-note">
      {text}
    </p>
  );
}

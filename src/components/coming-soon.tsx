/**
 * The honest placeholder of a screen whose content arrives in a later issue. In layouts without a
 * title bar (default, page-full) it shows the page title itself.
 */
import { usePage } from './page/page-context.tsx';
import { shellMessages } from '../shell-messages.ts';
import { IconFilm } from './icons.tsx';

export function ComingSoon({ detail }: { detail?: string }) {
  const { entry, title } = usePage();
  const showsTitle = entry.layout === 'default' || entry.layout === 'page-full';
  return (
    <section className="coming-soon">
      {showsTitle && <h1 className="screen-title">{title}</h1>}
      <div className="card coming-soon__card">
        <IconFilm className="coming-soon__icon" />
        <p className="coming-soon__text">{shellMessages.app.comingSoon}</p>
        <p className="coming-soon__hint">{shellMessages.app.comingSoonHint}</p>
        {detail && <p className="coming-soon__detail">{detail}</p>}
      </div>
    </section>
  );
}

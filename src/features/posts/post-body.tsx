/**
 * A post's body as text paragraphs with bold and links (rich-text.tsx; never HTML: React escapes
 * every character) and its images:
 * 16:9 tiles two a row, the first full width when their number is odd (one image: full width).
 */
import './posts.css';
import { toParagraphs } from './post-view.ts';
import { MediaImage } from '../../components/media-image.tsx';
import { RichInline } from './rich-text.tsx';

export function PostBody({ body, images, title }: { body: string; images: readonly string[]; title: string }) {
  return (
    <>
      <div className="post-body" data-testid="post-body">
        {toParagraphs(body).map((paragraph, i) => (
          <p key={i}>
            <RichInline text={paragraph} />
          </p>
        ))}
      </div>
      {images.length > 0 && (
        <div className={`post-images${images.length % 2 === 1 ? ' post-images--odd' : ''}`}>
          {images.map((key, i) => (
            <MediaImage key={`${key}-${i}`} mediaKey={key} alt={`${title} ${i + 1}`} ratio="16/9" priority={i === 0} />
          ))}
        </div>
      )}
    </>
  );
}

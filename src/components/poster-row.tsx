/**
 * A card with a title's poster beside its body, in the lists of 观看历史 and 离线缓存. With `href` the
 * poster and the title link there (the poster as a second, hidden link); without, the title is a
 * heading. What the card says goes below the title as `children`; other attributes (a test id, a
 * data-status) go on the card.
 */
import '../styles/content.css';
import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';
import { MediaImage } from './media-image.tsx';

interface PosterRowProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The poster's media key. */
  poster: string;
  title: ReactNode;
  href?: string;
  /** A class for the body beside `poster-row__body`. */
  bodyClassName?: string;
  children: ReactNode;
}

const classes = (base: string, extra: string | undefined) => (extra ? `${base} ${extra}` : base);

export function PosterRow({ poster, title, href, className, bodyClassName, children, ...rest }: PosterRowProps) {
  const image = <MediaImage mediaKey={poster} alt="" ratio="2/3" />;
  return (
    <article className={classes('poster-row', className)} {...rest}>
      {href ? (
        <Link href={href} className="poster-row__poster" tabIndex={-1} aria-hidden="true">
          {image}
        </Link>
      ) : (
        <div className="poster-row__poster">{image}</div>
      )}
      <div className={classes('poster-row__body', bodyClassName)}>
        {href ? (
          <Link href={href} className="poster-row__title">
            {title}
          </Link>
        ) : (
          <h3 className="poster-row__title">{title}</h3>
        )}
        {children}
      </div>
    </article>
  );
}

/**
 * The home banners: a horizontal scroll-snap track (native swipe on touch, arrows-free), advancing
 * by itself every 5 s while visible and untouched, with dots; never while the page's first screen
 * is still loading (the first turn waits for it to settle, lib/first-screen-settled.ts): the
 * visitor's first look at the page holds still. A click counts the banner
 * (/system/bannerset/clickBanner, never cached, its failure ignored) and then follows its link.
 * The first image is the page's LCP candidate: loaded with priority.
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLocation } from 'wouter';
import type { Banner } from '../../../contract/calls/content.ts';
import { clickBanner } from './home-calls.ts';
import { linkTarget } from '../../lib/link-target.ts';
import { messages } from '../../messages.ts';
import { MediaImage } from '../../components/media-image.tsx';
import { firstScreenSettled } from '../../lib/first-screen-settled.ts';

const ADVANCE_MS = 5_000;

export function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const [settled, setSettled] = useState(false);
  const [, navigate] = useLocation();

  const show = (next: number) => {
    const element = track.current;
    if (!element) return;
    element.scrollTo({ left: next * element.clientWidth, behavior: 'smooth' });
  };

  // The dot follows the scroll position (swipes included).
  const onScroll = () => {
    const element = track.current;
    if (element && element.clientWidth > 0) setIndex(Math.round(element.scrollLeft / element.clientWidth));
  };

  useEffect(() => {
    let mounted = true;
    void firstScreenSettled().then(() => mounted && setSettled(true));
    return () => {
      mounted = false;
    };
  }, []);

  useEffect(() => {
    if (!settled || held || banners.length < 2 || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') show((index + 1) % banners.length);
    }, ADVANCE_MS);
    return () => clearInterval(timer);
  }, [settled, held, index, banners.length]);

  // Counted first (fire and forget: an SPA navigation does not cancel the request), then followed.
  const open = (event: MouseEvent<HTMLAnchorElement>, banner: Banner) => {
    const target = linkTarget(banner.link);
    void clickBanner(banner.id).catch(() => undefined);
    if (target.kind === 'external') return; // a plain link to a new tab
    event.preventDefault();
    if (target.kind === 'app') navigate(target.path);
  };

  if (banners.length === 0) return null;
  return (
    <section
      className="banner-carousel"
      aria-roledescription="carousel"
      aria-label={messages.homeSections.banners}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onTouchStart={() => setHeld(true)}
      onTouchEnd={() => setHeld(false)}
    >
      <div className="banner-carousel__track" ref={track} onScroll={onScroll}>
        {banners.map((banner, i) => {
          const target = linkTarget(banner.link);
          const href = target.kind === 'app' ? target.path : target.kind === 'external' ? target.url : undefined;
          return (
            <a
              key={banner.id}
              className="banner-carousel__slide"
              href={href}
              data-testid="banner"
              aria-roledescription="slide"
              aria-label={`${banner.title}（${messages.homeSections.bannerSlide(i + 1, banners.length)}）`}
              target={target.kind === 'external' ? '_blank' : undefined}
              rel={target.kind === 'external' ? 'noopener noreferrer' : undefined}
              onClick={(event) => open(event, banner)}
            >
              <MediaImage mediaKey={banner.image} alt="" ratio="12/5" priority={i === 0} />
              <span className="banner-carousel__title">{banner.title}</span>
            </a>
          );
        })}
      </div>
      {banners.length > 1 && (
        <div className="banner-carousel__dots">
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              className={i === index ? 'banner-carousel__dot is-active' : 'banner-carousel__dot'}
              aria-label={messages.homeSections.bannerSlide(i + 1, banners.length)}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => show(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

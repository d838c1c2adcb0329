/**
 * A menu of the player's bottom bar (倍速, 清晰度, 播放源): a button and, when open, the choices, always
 * whole inside the player's box. The list is drawn in the player's box (a portal), placed by what
 * fits: above its button when the room between the button and the player's top holds every choice
 * (desktop, fullscreen), else as a sheet along the player's right edge, top to bottom, the choices
 * centred and scrolling only if even that height is short (a 390 px phone's player is ~220 px tall,
 * and six speeds above the bar did not fit: 2x was off the player's top). Placed again when the
 * player resizes. It closes on a choice, on Escape and on a press outside it; a choice or Escape
 * gives the focus back to its button. The button's name holds what it shows (清晰度 720p).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import './player-overlays.css';

/** Between the list and the player's top, and between the list and its button. */
const GAP_PX = 8;

export interface MenuChoice<T> {
  value: T;
  label: string;
}

interface PlayerMenuProps<T> {
  /** What the button says (the current choice, or the menu's name). */
  label: string;
  /** The menu's name for assistive technology (倍速, 清晰度). */
  name: string;
  choices: readonly MenuChoice<T>[];
  current: T;
  onChoose: (value: T) => void;
  testId?: string;
  /** A class of its own besides player-menu (its button's width). */
  className?: string;
}

/** Where the list goes: above the button (offsets from the box's right and bottom), or the side sheet. */
type Placement = { kind: 'above'; right: number; bottom: number } | { kind: 'sheet' };

/** The placement for a list `needed` px tall, its button at `anchor`, inside `box` (pure). */
export function placeMenu(anchor: DOMRect, box: DOMRect, needed: number): Placement {
  const room = anchor.top - box.top - GAP_PX * 2;
  if (needed > room) return { kind: 'sheet' };
  return {
    kind: 'above',
    right: Math.max(GAP_PX, Math.round(box.right - anchor.right)),
    bottom: Math.round(box.bottom - anchor.top + GAP_PX / 2),
  };
}

export function PlayerMenu<T extends string | number>({
  label,
  name,
  choices,
  current,
  onChoose,
  testId,
  className,
}: PlayerMenuProps<T>) {
  const [open, setOpen] = useState(false);
  const [host, setHost] = useState<HTMLElement | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  /** Closes the list; the focus, if it was in the list or on the button, goes back to the button. */
  const close = useCallback(() => {
    setOpen(false);
    const active = document.activeElement;
    if (active === button.current || list.current?.contains(active)) button.current?.focus();
  }, []);

  useLayoutEffect(() => {
    if (!open) return setPlacement(null);
    setHost(wrapper.current?.closest<HTMLElement>('.video-player') ?? null);
  }, [open]);

  useLayoutEffect(() => {
    const button = wrapper.current;
    if (!open || !host || !button) return;
    const place = () => {
      const element = list.current;
      if (!element) return;
      // Measured unconstrained: the height every choice needs.
      const needed = [...element.children].reduce((sum, item) => sum + item.getBoundingClientRect().height, 0);
      const padding = parseFloat(getComputedStyle(element).paddingTop) * 2 || 0;
      setPlacement(placeMenu(button.getBoundingClientRect(), host.getBoundingClientRect(), needed + padding));
    };
    place();
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(place) : null;
    observer?.observe(host);
    return () => observer?.disconnect();
  }, [open, host]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!wrapper.current?.contains(target) && !list.current?.contains(target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  const style: CSSProperties | undefined =
    placement?.kind === 'above' ? { right: placement.right, bottom: placement.bottom } : undefined;
  const menu = (
    <ul
      ref={list}
      className={`player-menu__list player-menu__list--${placement?.kind ?? 'measuring'}`}
      role="menu"
      aria-label={name}
      style={style}
      data-testid={testId && `${testId}-menu`}
      onClick={(event) => event.stopPropagation()}
    >
      {choices.map((choice) => (
        <li key={choice.value} role="none">
          <button
            type="button"
            role="menuitemradio"
            aria-checked={choice.value === current}
            className={choice.value === current ? 'is-active' : undefined}
            onClick={() => {
              onChoose(choice.value);
              close();
            }}
          >
            {choice.label}
          </button>
        </li>
      ))}
    </ul>
  );

  return (
    <div className={className ? `player-menu ${className}` : 'player-menu'} ref={wrapper}>
      <button
        type="button"
        className="video-controls__button video-controls__rate"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={label === name ? name : `${name} ${label}`}
        ref={button}
        onClick={() => setOpen((was) => !was)}
        data-testid={testId}
      >
        {label}
      </button>
      {open && host && createPortal(menu, host)}
    </div>
  );
}

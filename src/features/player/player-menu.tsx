/**
 * A menu of the player's bottom bar (倍速, 清晰度): a button and, when open, the choices above it.
 * The list always opens inside the player's box: its height is capped to the room between the
 * button and the player's top (measured when it opens and when the player resizes), and it
 * scrolls when the choices need more (a 390 px wide phone's player is about 220 px tall).
 * It closes on a choice, on Escape and on a press outside it.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Between the list and the top of the box; the list itself sits 4 px above its button's wrapper. */
const GAP_PX = 12;

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
}

/** Pixels between the top of the player's box and the top of `anchor`, less a small gap. */
export function roomAbove(anchor: Element): number | null {
  const box = anchor.closest('.video-player');
  if (!box) return null;
  return Math.max(0, Math.floor(anchor.getBoundingClientRect().top - box.getBoundingClientRect().top - GAP_PX));
}

export function PlayerMenu<T extends string | number>({
  label,
  name,
  choices,
  current,
  onChoose,
  testId,
}: PlayerMenuProps<T>) {
  const [open, setOpen] = useState(false);
  const [room, setRoom] = useState<number | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = wrapper.current;
    if (!open || !element) return;
    const measure = () => setRoom(roomAbove(element));
    measure();
    const box = element.closest('.video-player');
    const observer = box && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(measure) : null;
    if (box) observer?.observe(box);
    return () => observer?.disconnect();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="video-controls__speed player-menu" ref={wrapper}>
      <button
        type="button"
        className="video-controls__button video-controls__rate"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={name}
        onClick={() => setOpen((was) => !was)}
        data-testid={testId}
      >
        {label}
      </button>
      {open && (
        <ul
          className="video-controls__menu"
          role="menu"
          aria-label={name}
          style={room === null ? undefined : { maxHeight: room }}
          data-testid={testId && `${testId}-menu`}
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
                  setOpen(false);
                }}
              >
                {choice.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

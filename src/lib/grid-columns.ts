/** How many columns a grid of `width` px holds with cards of at least `minCard` px and `gap` px gaps. */
export const gridColumns = (width: number, minCard: number, gap: number, min = 2, max = 6): number =>
  Math.min(max, Math.max(min, Math.floor((width + gap) / (minCard + gap))));

/**
 * Icon bodies for content sections (films, genres, TV, cameras …): 24×24 line drawings made for
 * this project, drawn with `currentColor` so they take the text colour.
 */
export const MEDIA_SHAPES: Readonly<Record<string, string>> = {
  film: '<rect x="3" y="5" width="18" height="14" rx="2.5"/><path d="M7 5v14M17 5v14M3 9.5h4M3 14.5h4M17 9.5h4M17 14.5h4"/>',
  play: '<circle cx="12" cy="12" r="9"/><path d="m10 8.5 5.5 3.5-5.5 3.5z"/>',
  tv: '<rect x="3" y="7" width="18" height="12.5" rx="2.5"/><path d="m8.5 3 3.5 4 3.5-4"/><path d="M17.5 11v.01M17.5 14v.01"/>',
  camera:
    '<rect x="2.5" y="7" width="13" height="10" rx="2"/><path d="m15.5 10.5 6-3.5v10l-6-3.5"/><circle cx="6.5" cy="4.5" r="1.5"/><circle cx="11" cy="4.5" r="1.5"/>',
  phone: '<rect x="6.5" y="2.5" width="11" height="19" rx="2.5"/><path d="M10.5 18.5h3"/>',
  swords:
    '<path d="M4 4l9.5 9.5M4 4v3.5l8 8M4 4h3.5l8 8"/><path d="M20 4l-9.5 9.5M20 4v3.5M20 4h-3.5"/><path d="m6 16.5 3.5 3.5M18 16.5 14.5 20M5 19l2-2M19 19l-2-2"/>',
  smile: '<circle cx="12" cy="12" r="9"/><path d="M8 14.5a4.8 4.8 0 0 0 8 0"/><path d="M9 9.5v.5M15 9.5v.5"/>',
  heart: '<path d="M12 20s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.2a4.4 4.4 0 0 1 7.5 2.7C19.5 15.4 12 20 12 20z"/>',
  rocket:
    '<path d="M14.5 4.5c3-1.5 5-1 5-1s.5 2-1 5l-6 6-4-4z"/><path d="M8.5 10.5 5 10l3-3h4M13.5 15.5 14 19l3-3v-4"/><path d="M7.5 16.5c-1.5.5-3 3-3 3s2.5-1.5 3-3"/>',
  search: '<circle cx="10.5" cy="10.5" r="6.5"/><path d="m15.5 15.5 5 5"/>',
  ghost:
    '<path d="M5.5 20V10a6.5 6.5 0 0 1 13 0v10l-2.2-1.6-2.1 1.6-2.2-1.6-2.2 1.6-2.1-1.6z"/><path d="M9.5 10v.5M14.5 10v.5"/>',
  bear: '<circle cx="6.5" cy="6.5" r="2.5"/><circle cx="17.5" cy="6.5" r="2.5"/><circle cx="12" cy="13" r="7"/><ellipse cx="12" cy="15.5" rx="2.8" ry="2.2"/><path d="M9.5 11v.5M14.5 11v.5"/>',
  globe:
    '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z"/>',
  masks:
    '<path d="M3 4.5c3 1 6 1 9 0V11a4.5 4.5 0 0 1-9 0z"/><path d="M12 9.5c3 1 6 1 9 0V16a4.5 4.5 0 0 1-9 0"/><path d="M5.5 8.5h1M8.5 8.5h1M5.8 12.5a2 2 0 0 0 3.4 0M14.5 13.5h1M17.5 13.5h1M14.8 18a2 2 0 0 1 3.4 0"/>',
  shield: '<path d="M12 3 4.5 6v5.5c0 4.6 3.2 8 7.5 9.5 4.3-1.5 7.5-4.9 7.5-9.5V6z"/>',
  watermelon:
    '<path d="M3 9.5h18a9 9 0 0 1-18 0z"/><path d="M6 12.5a6.2 6.2 0 0 0 12 0"/><path d="M9.5 13.5v.01M12 15.5v.01M14.5 13.5v.01"/>',
  book: '<path d="M12 6.5C10 5 7 4.5 3.5 5v13c3.5-.5 6.5 0 8.5 1.5 2-1.5 5-2 8.5-1.5V5C17 4.5 14 5 12 6.5z"/><path d="M12 6.5v13"/>',
  pen: '<path d="m14.5 4.5 5 5-9 9-5.5 1 1-5.5z"/><path d="m12.5 6.5 5 5"/><circle cx="10" cy="14" r="1.2"/>',
};

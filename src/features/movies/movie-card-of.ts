/** A movie card with only a card's own fields: what local stores keep (a detail answer carries much more). */
import type { MovieCard } from '../../../contract/calls/content.ts';

export const movieCardOf = (m: MovieCard): MovieCard => ({
  id: m.id,
  title: m.title,
  poster: { small: m.poster.small, large: m.poster.large },
  durationS: m.durationS,
  views: m.views,
  likes: m.likes,
  access: m.access,
  priceCoins: m.priceCoins,
  year: m.year,
  region: m.region,
  episodeCount: m.episodeCount,
  finished: m.finished,
  ...(m.remarks ? { remarks: m.remarks } : {}),
});

/** The player's words beyond messages.play: the 清晰度 menu. */
export const playerMessages = {
  quality: '清晰度',
} as const;

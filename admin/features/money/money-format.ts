/** How a balance change reads in the console (money: components/console-money.ts). */
export const formatDelta = (delta: number): string => (delta > 0 ? `+${delta}` : String(delta));

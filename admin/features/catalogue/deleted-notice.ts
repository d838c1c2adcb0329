/**
 * The line the list shows once after the editor deleted a title (已删除影片「…」): the editor leaves
 * it here and goes back to the list, which reads it as it mounts and clears it in an effect (so
 * React's double render in development reads it twice alike).
 */
let pending: string | null = null;

export const leaveDeletedNotice = (message: string): void => {
  pending = message;
};

export const peekDeletedNotice = (): string | null => pending;

export const clearDeletedNotice = (): void => {
  pending = null;
};

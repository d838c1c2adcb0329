/** How the 审核 section writes times: 'YYYY-MM-DD HH:mm' in the browser's zone. */
const pad = (n: number): string => String(n).padStart(2, '0');

export function formatMinute(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A thin progress bar (watch progress, task progress), announced as a progressbar when labelled. */
import '../styles/progress.css';

interface ProgressBarProps {
  value: number;
  max: number;
  /** Without a label the bar is decoration (the numbers are shown beside it). */
  label?: string;
  className?: string;
}

export function ProgressBar({ value, max, label, className }: ProgressBarProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  const a11y = label
    ? {
        role: 'progressbar',
        'aria-valuemin': 0,
        'aria-valuemax': max,
        'aria-valuenow': Math.min(value, max),
        'aria-label': label,
      }
    : { 'aria-hidden': true };
  return (
    <span className={className ? `progress ${className}` : 'progress'} {...a11y}>
      <span className="progress__bar" style={{ width: `${percent}%` }} />
    </span>
  );
}

/** The dashboard's pure rules: how the age of the market's last tick reads. */

/** A duration in its largest whole unit, for Intl's unit formatting ("12 sec", "3 min"). */
export function ageParts(ms: number): {
  value: number;
  unit: 'second' | 'minute' | 'hour' | 'day';
} {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return { value: seconds, unit: 'second' };
  if (seconds < 3600) return { value: Math.floor(seconds / 60), unit: 'minute' };
  if (seconds < 86_400) return { value: Math.floor(seconds / 3600), unit: 'hour' };
  return { value: Math.floor(seconds / 86_400), unit: 'day' };
}

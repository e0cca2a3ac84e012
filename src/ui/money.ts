import { displayMicros, microsFromWire } from '../../common/money';

/**
 * Display text of a wire amount ("1234.500000" → "1,234.50"). Exact: the amount never
 * passes through a floating-point number.
 */
export function formatWireAmount(wire: string, decimals = 2): string {
  return displayMicros(microsFromWire(wire), decimals);
}

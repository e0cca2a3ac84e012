import { define, type Struct } from 'superstruct';
import { microsFromWire } from '../money';

/** A money amount on the wire: a decimal string with exactly six decimals. */
export const WireAmount: Struct<string, null> = define('WireAmount', (value) => {
  if (typeof value !== 'string' || !/^-?\d+\.\d{6}$/.test(value)) return false;
  try {
    microsFromWire(value);
    return true;
  } catch {
    return false;
  }
});

/** An ISO-8601 timestamp string. */
export const IsoDate: Struct<string, null> = define(
  'IsoDate',
  (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)),
);

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Where retail binary options (timed trades are binary options) are banned or restricted,
 * with the rule that says so: shown beside the blocked-country list so an operator can
 * decide where timed trades are offered (docs/product.md §2, /admin/settings). A static
 * list, checked when it was written: it is a starting point for the operator's own legal
 * advice, not a substitute for it.
 */
export interface Jurisdiction {
  /** Stable key (and, for one country, its ISO 3166 alpha-2 code). */
  id: string;
  /** The name when it is not one country's (which the browser names in any language). */
  name?: MessageDescriptor;
  /** The countries it covers, ISO 3166 alpha-2, for "Block all". */
  codes: readonly string[];
  status: 'banned' | 'restricted';
  source: MessageDescriptor;
}

/** The EU's 27 member states and the EEA's three others, where ESMA's measure applied. */
const EU_EEA = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT',
  'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO',
] as const; // prettier-ignore

export const JURISDICTIONS: readonly Jurisdiction[] = [
  {
    id: 'EU',
    name: msg`European Union and EEA`,
    codes: EU_EEA,
    status: 'banned',
    source: msg`ESMA Decision (EU) 2018/795 (2018), then a permanent national ban in each member state (2019)`,
  },
  {
    id: 'GB',
    codes: ['GB'],
    status: 'banned',
    source: msg`FCA Policy Statement PS19/11: permanent ban on sales to retail consumers (2019)`,
  },
  {
    id: 'AU',
    codes: ['AU'],
    status: 'banned',
    source: msg`ASIC Product Intervention Order, Binary Options Instrument 2021/129 (2021)`,
  },
  {
    id: 'CA',
    codes: ['CA'],
    status: 'restricted',
    source: msg`CSA Multilateral Instrument 91-102 Prohibition of Binary Options (2017; Ontario Rule 91-501)`,
  },
  {
    id: 'IL',
    codes: ['IL'],
    status: 'banned',
    source: msg`Israel Securities Authority: amendment to the Securities Law banning binary options (2017, in force 2018)`,
  },
  {
    id: 'US',
    codes: ['US'],
    status: 'restricted',
    source: msg`CFTC and SEC rules: binary options only on registered exchanges; off-exchange offers to retail are unlawful`,
  },
];

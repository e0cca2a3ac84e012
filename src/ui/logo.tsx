import styled from 'styled-components';

const Img = styled.img<{ $sizePx: number }>`
  width: ${({ $sizePx }) => $sizePx}px;
  height: ${({ $sizePx }) => $sizePx}px;
  border-radius: ${({ $sizePx }) => Math.round($sizePx * 0.25)}px;
`;

/** The product mark (public/logo.svg). Decorative: callers name the control around it. */
export function Logo({ sizePx = 32 }: { sizePx?: number }) {
  return <Img src="/logo.svg" alt="" $sizePx={sizePx} width={sizePx} height={sizePx} />;
}

/** The product name; a brand, so it is not translated. */
export const PRODUCT_NAME = 'TradeWallet';

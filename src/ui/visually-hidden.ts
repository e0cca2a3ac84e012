import styled, { css } from 'styled-components';

/** Hides an element visually while assistive technology still reads (and can focus) it. */
export const visuallyHiddenStyle = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

/** Text for assistive technology only. */
export const VisuallyHidden = styled.span`
  ${visuallyHiddenStyle}
`;

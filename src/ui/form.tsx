import styled from 'styled-components';
import { flexColumn } from './layout';
import { theme } from './theme';

/** A form of one column (sign-in, profile, password): its fields, then its button a little apart. */
export const StackedForm = styled.form`
  ${flexColumn(theme.space.sm)}

  > button {
    margin-top: ${theme.space.sm};
  }
`;

import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import type { AuditFilter } from '../../../services/admin-api';
import { ButtonLink, Button } from '../../../ui/button';
import { focusFirstInvalid } from '../../../ui/focus-first-invalid';
import { Card } from '../../../ui/page';
import { TextField } from '../../../ui/text-field';
import { SelectField } from '../../../ui/select-field';
import {
  ACTION_KINDS,
  ACTION_LABELS,
  AUDIT_FILTER_FIELDS,
  TARGET_TYPE_LABELS,
  auditHref,
  hasFilter,
  validateAuditFilter,
  type AuditFilterField,
} from './audit-model';
import { flexColumn } from '../../../ui/layout';
import { theme } from '../../../ui/theme';
import { FieldsForm } from '../console/admin-ui';

/** The action select's value for "type an action": not a kind and never sent. */
const OTHER_ACTION = '__other__';

function actionChoice(action: string): string {
  if (action === '') return '';
  return ACTION_KINDS.some(({ kind }) => `${kind}.*` === action) ? action : OTHER_ACTION;
}

/**
 * The audit log's filters: actor, action (a kind from the list, or any exact action typed),
 * target type and id. Applying them puts them in the address, so the view can be linked to;
 * the page mounts this form afresh whenever the address changes.
 */
export function AuditFilters({
  filter,
  serverProblem,
}: {
  filter: AuditFilter;
  /** The server refused a filter of the address: shown under that field. */
  serverProblem: { field: AuditFilterField; message: string } | null;
}) {
  const { i18n, t } = useLingui();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<AuditFilter>(filter);
  const [choice, setChoice] = useState(() => actionChoice(filter.action));
  const [submitted, setSubmitted] = useState(false);
  const actionListId = useId();
  const errors = validateAuditFilter(values);

  const error = (field: AuditFilterField): string | undefined => {
    const problem = errors[field];
    // A refusal of the address's own filter is explained in our words when we can.
    const refused = serverProblem?.field === field && values[field] === filter[field];
    if (problem && (submitted || refused)) return i18n._(problem);
    if (refused) return serverProblem.message;
    return undefined;
  };
  const bind = (field: AuditFilterField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    error: error(field),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    focusFirstInvalid(event.currentTarget, AUDIT_FILTER_FIELDS, errors);
    if (Object.keys(errors).length > 0) return;
    navigate(auditHref({ filter: values, page: 1 }));
  }

  // A type from an address that the list does not know is still offered, as written.
  const extraType =
    filter.targetType !== '' && !Object.hasOwn(TARGET_TYPE_LABELS, filter.targetType)
      ? filter.targetType
      : null;

  return (
    <Card role="search" aria-label={t`Filter the audit log`}>
      <FieldsForm noValidate onSubmit={onSubmit}>
        <Fields>
          <TextField
            label={t`Actor`}
            placeholder={t`Username or account id`}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...bind('actor')}
          />
          <ActionField>
            <SelectField
              label={t`Action`}
              value={choice}
              error={choice === OTHER_ACTION ? undefined : error('action')}
              onChange={(event) => {
                const next = event.target.value;
                setChoice(next);
                setValues((current) => ({
                  ...current,
                  action: next === OTHER_ACTION ? '' : next,
                }));
              }}
            >
              <option value="">{t`Any action`}</option>
              {ACTION_KINDS.map(({ kind, label }) => (
                <option key={kind} value={`${kind}.*`}>
                  {`${i18n._(label)} (${kind}.*)`}
                </option>
              ))}
              <option value={OTHER_ACTION}>{t`Another action…`}</option>
            </SelectField>
            {choice === OTHER_ACTION && (
              <TextField
                label={t`Action code`}
                placeholder="withdrawal.approved"
                list={actionListId}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                {...bind('action')}
              />
            )}
            <datalist id={actionListId}>
              {Object.keys(ACTION_LABELS).map((action) => (
                <option key={action} value={action} />
              ))}
            </datalist>
          </ActionField>
          <SelectField label={t`Target type`} {...bind('targetType')}>
            <option value="">{t`Any type`}</option>
            {Object.entries(TARGET_TYPE_LABELS).map(([type, label]) => (
              <option key={type} value={type}>
                {i18n._(label)}
              </option>
            ))}
            {extraType && <option value={extraType}>{extraType}</option>}
          </SelectField>
          <TextField
            label={t`Target id`}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...bind('targetId')}
          />
        </Fields>
        <Actions>
          {hasFilter(filter) && (
            <ButtonLink variant="ghost" to={auditHref({})}>
              <Trans>Clear filters</Trans>
            </ButtonLink>
          )}
          <Button type="submit">
            <Trans>Apply filters</Trans>
          </Button>
        </Actions>
      </FieldsForm>
    </Card>
  );
}

/**
 * On a phone, actor and action take the full width (their values are long) and the target's
 * type and id share a row; two by two on a tablet; all four in one row on a desktop.
 */
const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0 ${theme.space.md};

  > :nth-child(1),
  > :nth-child(2) {
    grid-column: 1 / -1;
  }

  @media (min-width: 600px) {
    > :nth-child(1),
    > :nth-child(2) {
      grid-column: auto;
    }
  }
  @media (min-width: 1000px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const ActionField = styled.div`
  ${flexColumn(theme.space.xs)}
  min-width: 0;
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`;

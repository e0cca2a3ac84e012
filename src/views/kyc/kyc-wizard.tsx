import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import styled from 'styled-components';
import type { Kyc } from '../../../common/contract';
import { type KycActorRef } from '../../machines/kyc.machine';
import { KYC_STEPS, visibleKycErrors, type KycStepId } from '../../machines/kyc-form';
import { translate } from '../../services/messages';
import { Button } from '../../ui/button';
import { focusFirstInvalid } from '../../ui/focus-first-invalid';
import { Card, ErrorMessage, Muted, Page } from '../../ui/page';
import { flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';
import { useDocumentPreviews, type DocumentPreviews } from './document-previews';
import type { WebcamBox } from './face-scan-logic';
import { useKycFields, type KycFields } from './kyc-fields';
import { KycRejectedNotice } from './kyc-rejected-notice';
import { KycStepAddress } from './kyc-step-address';
import { KycStepDocuments } from './kyc-step-documents';
import { KycStepFace } from './kyc-step-face';
import { KycStepIncome } from './kyc-step-income';
import { KycStepPersonal } from './kyc-step-personal';
import { KycStepper } from './kyc-stepper';
import { useKycWizard } from './use-kyc-wizard';

/** The five-step KYC form (docs/product.md §4), driven by the KYC machine. */
export function KycWizard({ previous }: { previous: Kyc | null }) {
  const { i18n } = useLingui();
  const { actor, webcam } = useKycWizard();
  const fields = useKycFields(actor);
  // Kept here, not in the documents step, so the previews survive moving between steps.
  const previews = useDocumentPreviews();
  // The face step stays on screen while the request is out.
  const stepId = useSelector(actor, (snapshot): KycStepId => {
    const value = snapshot.value;
    return typeof value === 'object' && 'editing' in value
      ? (value.editing as KycStepId)
      : 'faceScan';
  });
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const submitting = useSelector(actor, (snapshot) => !snapshot.matches('editing'));
  const stepIndex = KYC_STEPS.findIndex((step) => step.id === stepId);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    actor.send({ type: stepId === 'faceScan' ? 'SUBMIT' : 'NEXT' });
    const after = actor.getSnapshot();
    if (after.matches({ editing: stepId })) {
      const stepFields = KYC_STEPS[stepIndex]?.fields ?? [];
      focusFirstInvalid(form, stepFields, visibleKycErrors(after.context));
    }
  };

  return (
    <Page>
      {previous?.status === 'Rejected' && <KycRejectedNotice previous={previous} />}
      <KycStepper stepIndex={stepIndex} />
      <Form noValidate onSubmit={onSubmit} aria-labelledby="kyc-step-title">
        <Card>
          <StepHeading stepId={stepId} stepIndex={stepIndex} />
          <KycStepBody
            stepId={stepId}
            actor={actor}
            fields={fields}
            previews={previews}
            webcam={webcam}
          />
        </Card>
        {failure && !submitting && <ErrorMessage>{translate(i18n, failure)}</ErrorMessage>}
        <Actions>
          {stepIndex > 0 && (
            <Button
              variant="secondary"
              disabled={submitting}
              onClick={() => actor.send({ type: 'BACK' })}
            >
              <Trans>Back</Trans>
            </Button>
          )}
          <Button type="submit" busy={submitting}>
            {stepId === 'faceScan' ? <Trans>Submit KYC</Trans> : <Trans>Next</Trans>}
          </Button>
        </Actions>
      </Form>
    </Page>
  );
}

/** "Step n of 5" and the step's title; each step starts at the top, its heading announced. */
function StepHeading({ stepId, stepIndex }: { stepId: KycStepId; stepIndex: number }) {
  const { i18n } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, [stepId]);
  const step = KYC_STEPS[stepIndex];
  const stepTitle = step ? i18n._(step.title) : '';
  const stepNumber = stepIndex + 1;
  const stepCount = KYC_STEPS.length;
  return (
    <StepHead>
      <Muted>
        <Trans>
          Step {stepNumber} of {stepCount}
        </Trans>
      </Muted>
      <h2 id="kyc-step-title" ref={heading} tabIndex={-1}>
        {stepTitle}
      </h2>
    </StepHead>
  );
}

interface StepBodyProps {
  stepId: KycStepId;
  actor: KycActorRef;
  fields: KycFields;
  previews: DocumentPreviews;
  webcam: WebcamBox;
}

/** The current step's fields. */
function KycStepBody({ stepId, actor, fields, previews, webcam }: StepBodyProps) {
  const today = useSelector(actor, (snapshot) => snapshot.context.today);
  switch (stepId) {
    case 'personal':
      return <KycStepPersonal fields={fields} today={today} />;
    case 'address':
      return <KycStepAddress fields={fields} />;
    case 'income':
      return <KycStepIncome fields={fields} />;
    case 'documents':
      return <KycStepDocuments actor={actor} fields={fields} previews={previews} />;
    case 'faceScan':
      return <KycStepFace kyc={actor} webcam={webcam} error={fields.errorOf('cameraRoll')} />;
  }
}

const Form = styled.form`
  ${flexColumn(theme.space.lg)}

  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
  }
`;

const StepHead = styled.div`
  ${flexColumn(theme.space.xxs)}

  h2 {
    font-size: ${theme.fontSizes.lg};
    outline: none;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: ${theme.space.md};

  > * {
    flex: 1;
  }
`;

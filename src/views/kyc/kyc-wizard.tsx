import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import styled from 'styled-components';
import { navigate } from 'wouter/use-browser-location';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { Kyc } from '../../../common/contract';
import {
  EMPLOYMENT_STATUSES,
  KYC_COUNTRIES,
  KYC_DOCUMENT_TYPES,
  KYC_EARLIEST_DATE_OF_BIRTH,
  type KycField,
} from '../../../common/validation';
import {
  KYC_STEPS,
  kycMachine,
  visibleKycErrors,
  type DocumentSlot,
  type DocumentUpload,
  type DocumentUploadInput,
  type KycActorRef,
  type KycInputField,
  type KycStepId,
} from '../../machines/kyc.machine';
import { createKyc } from '../../services/kyc-api';
import { invalidateAfterKyc } from '../../services/kyc-queries';
import { translate } from '../../services/messages';
import { uploadImage, uploadMessages, UploadError } from '../../services/uploads';
import { Button } from '../../ui/button';
import { focusFirstInvalid } from '../../ui/focus-first-invalid';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { Card, ErrorMessage, Muted, Page } from '../../ui/page';
import { TextField } from '../../ui/text-field';
import { ImageUploadField } from '../shared/image-upload-field';
import { useNoticeToasts } from '../shared/use-notice-toasts';
import { FaceScanStep } from './face-scan-step';
import { countryName, documentTypeLabels, employmentLabels } from '../shared/kyc-labels';
import { SelectField } from '../../ui/select-field';
import { theme } from '../../ui/theme';
import { useAppActor } from '../../machines/actors';

/** Uploads one document image with its progress; stopping the actor cancels the upload. */
const uploadDocument = fromCallback<EventObject, DocumentUploadInput>(({ input, sendBack }) => {
  const { slot, uploadId, file } = input;
  const controller = new AbortController();
  uploadImage(file, {
    signal: controller.signal,
    onProgress: (percent) => sendBack({ type: 'DOCUMENT.PROGRESS', slot, uploadId, percent }),
  }).then(
    (fileUrl) => sendBack({ type: 'DOCUMENT.DONE', slot, uploadId, fileUrl }),
    (error: unknown) => {
      if (controller.signal.aborted) return;
      const reason = error instanceof UploadError ? error.reason : uploadMessages.failed;
      sendBack({ type: 'DOCUMENT.FAILED', slot, uploadId, reason });
    },
  );
  return () => controller.abort();
});

/** The five-step KYC form (docs/product.md §4), driven by the KYC machine. */
export function KycWizard({ previous }: { previous: Kyc | null }) {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const [logic] = useState(() =>
    kycMachine.provide({
      actors: {
        uploadDocument,
        submitKyc: fromPromise(({ input }) => createKyc(input)),
      },
      actions: {
        refreshUser: () => void invalidateAfterKyc(queryClient),
        goToLog: () => navigate('/kyc/log'),
      },
    }),
  );
  const actor = useAppActor(logic, { id: 'kyc-wizard', input: {} });
  useNoticeToasts(actor);
  const stepId = useSelector(actor, (snapshot): KycStepId => {
    const value = snapshot.value;
    return typeof value === 'object' && 'editing' in value
      ? (value.editing as KycStepId)
      : 'faceScan';
  });
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const submitting = useSelector(actor, (snapshot) => !snapshot.matches('editing'));
  const stepIndex = KYC_STEPS.findIndex((step) => step.id === stepId);
  const step = KYC_STEPS[stepIndex] ?? KYC_STEPS[0];
  const errors = visibleKycErrors(context);
  // Kept here, not in the documents step, so the previews survive moving between steps.
  const previews = useDocumentPreviews();
  const errorOf = (field: KycField) => {
    const message = errors[field];
    return message === undefined ? undefined : translate(i18n, message);
  };

  // Each step starts at the top, its heading announced.
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    actor.send({ type: stepId === 'faceScan' ? 'SUBMIT' : 'NEXT' });
    const after = actor.getSnapshot();
    if (after.matches({ editing: stepId })) {
      focusFirstInvalid(form, step?.fields ?? [], visibleKycErrors(after.context));
    }
  };

  const input = (field: KycInputField) => ({
    name: field,
    value: context.values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      actor.send({ type: 'CHANGE', field, value: event.target.value }),
    onBlur: () => actor.send({ type: 'BLUR', field }),
    error: errorOf(field),
  });

  const stepTitle = step ? i18n._(step.title) : '';
  const stepNumber = stepIndex + 1;
  const stepCount = KYC_STEPS.length;

  return (
    <Page>
      {previous?.status === 'Rejected' && (
        <Rejected role="status">
          <AlertIcon sizePx={20} />
          <div>
            <strong>
              <Trans>Your previous request was rejected.</Trans>
            </strong>
            {previous.reason && <p>{previous.reason}</p>}
            <Muted>
              <Trans>Please check your details and submit again.</Trans>
            </Muted>
          </div>
        </Rejected>
      )}
      <Stepper aria-label={t`Steps`}>
        {KYC_STEPS.map((item, index) => (
          <StepDot
            key={item.id}
            $state={index < stepIndex ? 'done' : index === stepIndex ? 'current' : 'todo'}
            aria-current={index === stepIndex ? 'step' : undefined}
          >
            <span aria-hidden="true">
              {index < stepIndex ? <CheckIcon sizePx={14} /> : index + 1}
            </span>
            <StepName>{i18n._(item.title)}</StepName>
          </StepDot>
        ))}
      </Stepper>

      <Form noValidate onSubmit={onSubmit} aria-labelledby="kyc-step-title">
        <Card>
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

          {stepId === 'personal' && (
            <>
              <TextField label={t`First name`} autoComplete="given-name" {...input('firstName')} />
              <TextField
                label={t`Middle name (optional)`}
                autoComplete="additional-name"
                {...input('middleName')}
              />
              <TextField label={t`Last name`} autoComplete="family-name" {...input('lastName')} />
              <TextField
                label={t`Date of Birth`}
                type="date"
                autoComplete="bday"
                min={KYC_EARLIEST_DATE_OF_BIRTH}
                max={context.today}
                {...input('dateOfBirth')}
              />
            </>
          )}

          {stepId === 'address' && (
            <>
              <TextField
                label={t`Street address`}
                autoComplete="address-line1"
                {...input('street')}
              />
              <TextField label={t`City`} autoComplete="address-level2" {...input('city')} />
              <TextField
                label={t`State/Province`}
                autoComplete="address-level1"
                {...input('state')}
              />
              <TextField
                label={t`Postal Code`}
                autoComplete="postal-code"
                {...input('postalCode')}
              />
              <SelectField label={t`Country`} {...input('country')}>
                <option value="">{t`Select your country`}</option>
                {KYC_COUNTRIES.map((code) => (
                  <option key={code} value={code}>
                    {countryName(i18n.locale, code)}
                  </option>
                ))}
              </SelectField>
            </>
          )}

          {stepId === 'income' && (
            <>
              <SelectField label={t`Employment status`} {...input('employmentStatus')}>
                <option value="">{t`Select your employment status`}</option>
                {EMPLOYMENT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {i18n._(employmentLabels[status])}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={t`Annual income`}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                autoComplete="off"
                {...input('annualIncome')}
              />
            </>
          )}

          {stepId === 'documents' && (
            <DocumentsStep
              actor={actor}
              errorOf={errorOf}
              uploads={context.uploads}
              previews={previews}
            />
          )}

          {stepId === 'faceScan' && (
            <FaceScanStep
              kyc={actor}
              previous={
                context.facePreviewUrl && context.values.cameraRoll
                  ? { previewUrl: context.facePreviewUrl, fileUrl: context.values.cameraRoll }
                  : null
              }
              error={errorOf('cameraRoll')}
            />
          )}
        </Card>

        {context.failure && !submitting && (
          <ErrorMessage>{translate(i18n, context.failure)}</ErrorMessage>
        )}

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

/** Document type and the two images; another type clears both (docs/product.md §4). */
function DocumentsStep({
  actor,
  errorOf,
  uploads,
  previews,
}: {
  actor: KycActorRef;
  errorOf: (field: KycField) => string | undefined;
  uploads: Record<DocumentSlot, DocumentUpload>;
  previews: DocumentPreviews;
}) {
  const { i18n, t } = useLingui();
  const documentType = useSelector(actor, (s) => s.context.values.documentType);
  const values = useSelector(actor, (s) => s.context.values);

  const choose = (slot: DocumentSlot, file: File) => {
    previews.add(slot, file);
    actor.send({ type: 'DOCUMENT.CHOOSE', slot, file });
  };

  const field = (slot: DocumentSlot, label: string) => {
    const upload = uploads[slot];
    const uploadError = upload.error ? translate(i18n, upload.error) : undefined;
    return (
      <ImageUploadField
        label={label}
        name={slot}
        upload={{
          status: upload.status,
          percent: upload.percent,
          fileUrl: values[slot] === '' ? null : values[slot],
          previewUrl: previews.urlOf(slot, upload.file),
          fileName: upload.fileName,
          error: null,
        }}
        onChoose={(file) => choose(slot, file)}
        error={uploadError ?? errorOf(slot)}
      />
    );
  };

  return (
    <>
      <fieldset>
        <Legend>{t`Document type`}</Legend>
        <Segmented>
          {KYC_DOCUMENT_TYPES.map((type) => (
            <label key={type}>
              <input
                type="radio"
                name="documentType"
                value={type}
                checked={documentType === type}
                onChange={() => actor.send({ type: 'CHANGE', field: 'documentType', value: type })}
              />
              <span>{i18n._(documentTypeLabels[type])}</span>
            </label>
          ))}
        </Segmented>
      </fieldset>
      {field('idFront', t`Front of the document`)}
      {field('idBack', t`Back of the document`)}
    </>
  );
}

/**
 * Local previews of the chosen images. The object URL is made when the image is chosen and
 * shown only while the wizard still holds that very file (a new document type clears it);
 * every URL made is released when the step goes away.
 */
interface DocumentPreviews {
  add(slot: DocumentSlot, file: File): void;
  urlOf(slot: DocumentSlot, file: Blob | null): string | null;
}

function useDocumentPreviews(): DocumentPreviews {
  const [previews, setPreviews] = useState<
    Partial<Record<DocumentSlot, { file: Blob; url: string }>>
  >({});
  const made = useRef<string[]>([]);
  useEffect(() => {
    const urls = made.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  return {
    add(slot: DocumentSlot, file: File) {
      const url = URL.createObjectURL(file);
      made.current.push(url);
      setPreviews((current) => ({ ...current, [slot]: { file, url } }));
    },
    urlOf(slot: DocumentSlot, file: Blob | null): string | null {
      const preview = previews[slot];
      return preview && file !== null && preview.file === file ? preview.url : null;
    },
  };
}

const Rejected = styled.div`
  display: flex;
  gap: ${theme.space.md};
  padding: ${theme.space.lg};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.dangerSoft};
  color: ${theme.colors.danger};

  > div {
    display: flex;
    flex-direction: column;
    gap: ${theme.space.xs};
    color: ${theme.colors.text};
    overflow-wrap: anywhere;
  }
`;

const Stepper = styled.ol`
  display: grid;
  /* Equal columns whatever the names: a long one (German) wraps in its own column. */
  grid-template-columns: repeat(5, minmax(0, 1fr));
  gap: ${theme.space.xs};
  position: relative;
`;

const StepName = styled.span`
  font-size: 0.6875rem;
  line-height: 1.2;
  text-align: center;
`;

const StepDot = styled.li<{ $state: 'done' | 'current' | 'todo' }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space.xs};
  color: ${({ theme, $state }) =>
    $state === 'todo'
      ? theme.colors.textFaint
      : $state === 'current'
        ? theme.colors.text
        : theme.colors.textMuted};
  font-weight: ${({ theme, $state }) =>
    $state === 'current' ? theme.fontWeights.semibold : theme.fontWeights.regular};

  > span:first-child {
    display: grid;
    place-items: center;
    width: 28px;
    height: 28px;
    border-radius: 50%;
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.bold};
    color: ${({ theme, $state }) =>
      $state === 'todo'
        ? theme.colors.textMuted
        : $state === 'done'
          ? theme.colors.textOnSignal
          : theme.colors.primaryText};
    background: ${({ theme, $state }) =>
      $state === 'done'
        ? theme.colors.success
        : $state === 'current'
          ? theme.colors.primary
          : theme.colors.surfaceRaised};
    border: 1px solid
      ${({ theme, $state }) => ($state === 'todo' ? theme.colors.border : 'transparent')};
  }
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.lg};

  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
  }
`;

const StepHead = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};

  h2 {
    font-size: ${theme.fontSizes.lg};
    outline: none;
  }
`;

const Legend = styled.legend`
  margin-bottom: ${theme.space.xs};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.textMuted};
`;

const Segmented = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${theme.space.xs};
  padding: ${theme.space.xs};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.border};

  label {
    position: relative;
    display: grid;
  }
  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
  span {
    display: grid;
    place-items: center;
    min-height: ${theme.sizes.touchPx}px;
    padding: ${theme.space.xs} ${theme.space.xxs};
    border-radius: ${theme.radii.sm};
    font-size: 0.8125rem;
    font-weight: ${theme.fontWeights.semibold};
    line-height: 1.2;
    text-align: center;
    /* Long words (Personalausweis) break rather than spill out of their third. */
    hyphens: auto;
    overflow-wrap: anywhere;
    color: ${theme.colors.textMuted};
  }
  input:checked + span {
    background: ${theme.colors.primary};
    color: ${theme.colors.primaryText};
  }
  input:focus-visible + span {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: ${theme.space.md};

  > * {
    flex: 1;
  }
`;

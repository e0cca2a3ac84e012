import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { KYC_DOCUMENT_TYPES } from '../../../common/validation';
import type { KycActorRef } from '../../machines/kyc.machine';
import type { DocumentSlot } from '../../machines/kyc-form';
import { translate } from '../../services/messages';
import { coveringInput } from '../../ui/layout';
import { theme } from '../../ui/theme';
import { ImageUploadField } from '../shared/image-upload-field';
import { documentTypeLabels } from '../shared/kyc-labels';
import type { DocumentPreviews } from './document-previews';
import type { KycFields } from './kyc-fields';

interface DocumentsProps {
  actor: KycActorRef;
  fields: KycFields;
  /** Held by the wizard, so the previews survive moving between steps. */
  previews: DocumentPreviews;
}

/** Step 4: document type and the two images; another type clears both (docs/product.md §4). */
export function KycStepDocuments({ actor, fields, previews }: DocumentsProps) {
  const { i18n, t } = useLingui();
  const documentType = useSelector(actor, (s) => s.context.values.documentType);
  const side = { actor, fields, previews };
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
      <DocumentImage {...side} slot="idFront" label={t`Front of the document`} />
      <DocumentImage {...side} slot="idBack" label={t`Back of the document`} />
    </>
  );
}

/** One side of the document: chosen, previewed and uploaded with its progress. */
function DocumentImage({
  actor,
  fields,
  previews,
  slot,
  label,
}: DocumentsProps & { slot: DocumentSlot; label: string }) {
  const { i18n } = useLingui();
  const upload = useSelector(actor, (s) => s.context.uploads[slot]);
  const fileUrl = useSelector(actor, (s) => s.context.values[slot]);
  const uploadError = upload.error ? translate(i18n, upload.error) : undefined;
  return (
    <ImageUploadField
      label={label}
      name={slot}
      upload={{
        status: upload.status,
        percent: upload.percent,
        fileUrl: fileUrl === '' ? null : fileUrl,
        previewUrl: previews.urlOf(slot, upload.file),
        fileName: upload.fileName,
        error: null,
      }}
      onChoose={(file) => {
        previews.add(slot, file);
        actor.send({ type: 'DOCUMENT.CHOOSE', slot, file });
      }}
      error={uploadError ?? fields.errorOf(slot)}
    />
  );
}

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
    ${coveringInput}
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

import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { UPLOAD_ACCEPTED_TYPES } from '../../../common/rules';
import { uploadMessages } from '../../services/uploads';
import { CheckIcon } from '../../ui/icons';
import { DepositIcon } from '../../ui/page-icons';
import { ProgressBar } from '../../ui/progress-bar';
import { useToast } from '../../ui/toast';
import { visuallyHiddenStyle } from '../../ui/visually-hidden';
import type { ImageUpload } from './use-image-upload';
import { flexColumn, flexRow } from '../../ui/layout';
import { theme } from '../../ui/theme';

/**
 * An image picker that uploads at once: the chosen image's preview, the upload's percent,
 * and its outcome. `error` is a form error (e.g. 'Transaction screenshot is required'),
 * shown when the upload itself has none.
 */
export function ImageUploadField({
  label,
  name,
  upload,
  onChoose,
  error,
}: {
  label: string;
  name: string;
  upload: ImageUpload;
  onChoose: (file: File) => void;
  error?: string | undefined;
}) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const id = useId();
  const labelId = `${id}-label`;
  const messageId = `${id}-message`;
  // The preview that failed to show, so a new choice shows its own again.
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);
  const shownError = upload.error ? i18n._(upload.error) : error;
  const percent = upload.percent;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure: let the next change through.
    event.target.value = '';
    if (file) onChoose(file);
  };

  const onPreviewError = () => {
    setBrokenPreview(upload.previewUrl);
    if (upload.status === 'uploading')
      toast({ tone: 'info', text: i18n._(uploadMessages.previewFailed) });
  };

  const showPreview = upload.previewUrl !== null && upload.previewUrl !== brokenPreview;

  return (
    <Field>
      <Label id={labelId}>{label}</Label>
      <Drop $invalid={Boolean(shownError)} htmlFor={id}>
        {showPreview && upload.previewUrl ? (
          <Preview
            src={upload.previewUrl}
            alt={t`Preview of the chosen image`}
            onError={onPreviewError}
          />
        ) : (
          <Placeholder aria-hidden="true">
            <DepositIcon sizePx={28} />
          </Placeholder>
        )}
        <DropText>
          <strong>
            {upload.status === 'empty' ? (
              <Trans>Choose an image</Trans>
            ) : (
              <Trans>Choose another image</Trans>
            )}
          </strong>
          <span>{upload.fileName ?? t`JPG or PNG, up to 10MB`}</span>
        </DropText>
        <FileInput
          id={id}
          name={name}
          type="file"
          accept={UPLOAD_ACCEPTED_TYPES.join(',')}
          aria-labelledby={labelId}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={messageId}
          onChange={onChange}
        />
      </Drop>
      <Message id={messageId} aria-live="polite">
        {upload.status === 'uploading' && (
          <>
            <ProgressBar percent={percent} label={t`Upload progress`} />
            <Muted>
              <Trans>Uploading… {percent}%</Trans>
            </Muted>
          </>
        )}
        {upload.status === 'done' && (
          <Done>
            <CheckIcon sizePx={16} />
            <Trans>Uploaded</Trans>
          </Done>
        )}
        {shownError && upload.status !== 'uploading' && <ErrorText>{shownError}</ErrorText>}
      </Message>
    </Field>
  );
}

const Field = styled.div`
  ${flexColumn(theme.space.xs)}
`;

const Label = styled.span`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.textMuted};
`;

const FileInput = styled.input`
  ${visuallyHiddenStyle}
`;

const Drop = styled.label<{ $invalid: boolean }>`
  ${flexRow(theme.space.md)}
  min-height: 76px;
  padding: ${theme.space.md};
  border-radius: ${theme.radii.md};
  border: 1px dashed
    ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.borderStrong)};
  background: ${theme.colors.surface};
  cursor: pointer;

  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
  &:focus-within {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Preview = styled.img`
  flex: none;
  width: 52px;
  height: 52px;
  object-fit: cover;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceRaised};
`;

const Placeholder = styled.span`
  display: grid;
  place-items: center;
  flex: none;
  width: 52px;
  height: 52px;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.textMuted};
`;

const DropText = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;

  strong {
    font-weight: ${theme.fontWeights.semibold};
    color: ${theme.colors.primaryHover};
  }
  span {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Message = styled.div`
  ${flexColumn(theme.space.xs)}
  min-height: 1.25rem;
  font-size: ${theme.fontSizes.sm};
`;

const Muted = styled.p`
  color: ${theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

const Done = styled.p`
  ${flexRow(theme.space.xs)}
  color: ${theme.colors.success};
`;

const ErrorText = styled.p`
  color: ${theme.colors.danger};
`;

import { useEffect, useRef, useState } from 'react';
import type { DocumentSlot } from '../../machines/kyc-form';

/**
 * Local previews of the chosen images. The object URL is made when the image is chosen and
 * shown only while the wizard still holds that very file (a new document type clears it);
 * every URL made is released when the wizard goes away.
 */
export interface DocumentPreviews {
  add(slot: DocumentSlot, file: File): void;
  urlOf(slot: DocumentSlot, file: Blob | null): string | null;
}

export function useDocumentPreviews(): DocumentPreviews {
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

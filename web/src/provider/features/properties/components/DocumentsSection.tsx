import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDate } from '../../../../shared/format';
import { Pager } from '../../../../shared/Pager';
import { documentsZipUrl, mediaLabel, uploadDocument, type Media } from '../api';
import { useUploads } from '../hooks';
import { documentsChanged, useDeleteDocumentMutation, useDocumentsQuery } from '../queries';
import { formatFileSize, type UploadProgress } from '../../../../api/upload';
import { MediaSection } from './MediaSection';

/**
 * The property's documents (001 §2 'Upload documents', PDF only): newest first, ten a page, each opening the PDF
 * and deletable after asking; "Upload documents" sends each chosen PDF with its progress (POST .../documents).
 */
export function DocumentsSection({ propertyId }: { propertyId: string }) {
  const [page, setPage] = useState(1);
  const documents = useDocumentsQuery(propertyId, page);
  const client = useQueryClient();
  const send = useCallback(
    (file: File, onProgress: UploadProgress, signal: AbortSignal) =>
      uploadDocument(propertyId, file, onProgress, signal),
    [propertyId],
  );
  const uploads = useUploads(send);
  const remove = useDeleteDocumentMutation();
  const [notice, setNotice] = useState('');

  async function upload(files: File[]) {
    setNotice('');
    const uploaded = await uploads.start(files);
    if (uploaded.length === 0) return;
    uploads.dismiss(...uploaded.map(({ key }) => key));
    setNotice(`${uploaded.length} ${uploaded.length === 1 ? 'document was' : 'documents were'} added.`);
    setPage(1);
    await documentsChanged(client, propertyId);
  }

  async function deleteDocument(pdf: Media) {
    const outcome = await remove.run(propertyId, pdf.id);
    if (outcome.ok) setNotice(`${mediaLabel(pdf)} was deleted.`);
    return outcome.ok;
  }

  const data = documents.data;
  return (
    <MediaSection
      title="Documents"
      noun="document"
      upload={{
        label: 'Upload documents',
        accept: 'application/pdf',
        hint: 'PDF files, each less than 100MB.',
        onFiles: upload,
      }}
      uploads={uploads}
      label={mediaLabel}
      onDelete={deleteDocument}
      deleting={remove.isPending}
      error={documents.error ?? remove.error}
      notice={notice}
    >
      {(deleteButton) =>
        !data ? (
          !documents.error && (
            <p className="muted" role="status">
              Loading documents…
            </p>
          )
        ) : data.totalCount === 0 ? (
          <p className="muted">No documents yet: brochures, floor plans or contracts as PDF.</p>
        ) : (
          <>
            <ul
              className="document-list"
              aria-label="Documents"
              aria-busy={documents.isFetching || undefined}
            >
              {data.items.map((pdf) => (
                <li key={pdf.id} className="document-row">
                  <span className="document-name">
                    {pdf.url ? (
                      <a href={pdf.url} target="_blank" rel="noreferrer">
                        {mediaLabel(pdf)}
                      </a>
                    ) : (
                      mediaLabel(pdf)
                    )}
                    <span className="muted">
                      {pdf.size === null ? '' : `${formatFileSize(pdf.size)} · `}added{' '}
                      {formatDate(pdf.createdAt)}
                    </span>
                  </span>
                  {deleteButton(pdf)}
                </li>
              ))}
            </ul>
            <p>
              <a href={documentsZipUrl(propertyId)} download>
                Download all documents (zip)
              </a>
            </p>
            <Pager
              label="Documents pages"
              page={data.currentPage}
              totalPages={data.totalPages}
              disabled={documents.isFetching}
              onPage={setPage}
            />
          </>
        )
      }
    </MediaSection>
  );
}

import { TOUR_LIMITS, type WelcomeScreen } from '@tourly/contracts';
import { useState } from 'react';
import { TextAreaField } from '../../../../../shared/TextAreaField';
import { TextField } from '../../../../../shared/TextField';
import { FileButton } from '../../../properties/components/FileButton';
import { IMAGE_TYPES, uploadFailureMessages, UPLOAD_MESSAGES } from '../../../../../api/upload';
import { uploadLocationImage, type LocationImage } from '../api';
import { messagesAt } from '../layers';

interface WelcomeScreenEditorProps {
  welcome: WelcomeScreen;
  /** The picture's address, when this page knows it (uploaded here, or sent with the preview). */
  imageUrl: string | null;
  onChange(change: Partial<WelcomeScreen>): void;
  onImage(image: LocationImage): void;
  refusal: unknown;
}

type Upload =
  { status: 'uploading'; fileName: string; percentage: number } | { status: 'error'; errors: string[] };

/**
 * The welcome screen visitors meet first (001 §3): on or off, its title, message, button label and picture (a
 * location image, uploaded with its progress).
 */
export function WelcomeScreenEditor({
  welcome,
  imageUrl,
  onChange,
  onImage,
  refusal,
}: WelcomeScreenEditorProps) {
  const [upload, setUpload] = useState<Upload | null>(null);
  const at = (field: string) => messagesAt(refusal, `welcomeScreen.${field}`);

  async function chosen([file]: File[]) {
    if (!file) return;
    setUpload({ status: 'uploading', fileName: file.name, percentage: 0 });
    try {
      const image = await uploadLocationImage(file, (percentage) =>
        setUpload({ status: 'uploading', fileName: file.name, percentage }),
      );
      setUpload(null);
      onImage(image);
      onChange({ imageId: image.id });
    } catch (error) {
      setUpload({ status: 'error', errors: uploadFailureMessages(error) });
    }
  }

  return (
    <div className="layers-editor">
      <label className="check">
        <input
          type="checkbox"
          checked={welcome.enabled}
          onChange={(event) => onChange({ enabled: event.target.checked })}
        />
        Show a welcome screen
      </label>
      <TextField
        label="Welcome title"
        value={welcome.title}
        maxLength={TOUR_LIMITS.welcomeTitle}
        onChange={(event) => onChange({ title: event.target.value })}
        messages={at('title')}
      />
      <TextAreaField
        label="Welcome message"
        value={welcome.message}
        rows={4}
        maxLength={TOUR_LIMITS.welcomeMessage}
        onChange={(event) => onChange({ message: event.target.value })}
        messages={at('message')}
      />
      <TextField
        label="Button label"
        value={welcome.buttonLabel}
        onChange={(event) => onChange({ buttonLabel: event.target.value })}
        messages={at('buttonLabel')}
      />
      <div className="welcome-image">
        <p className="field-label">Picture</p>
        {welcome.imageId ? (
          <div className="welcome-image-chosen">
            {imageUrl ? (
              <img src={imageUrl} alt="The welcome screen’s picture" />
            ) : (
              <span>A picture is chosen.</span>
            )}
            <button
              type="button"
              className="button button-secondary"
              onClick={() => onChange({ imageId: null })}
            >
              Remove picture
            </button>
          </div>
        ) : (
          <p className="muted">No picture.</p>
        )}
        <FileButton
          label={welcome.imageId ? 'Replace picture' : 'Upload picture'}
          accept={IMAGE_TYPES}
          disabled={upload?.status === 'uploading'}
          onFiles={(files) => void chosen(files)}
        />
        {upload?.status === 'uploading' && (
          <div className="upload-item-progress">
            <progress max={100} value={upload.percentage} aria-label={`Uploading ${upload.fileName}`} />
            <span>{upload.percentage}%</span>
          </div>
        )}
        {upload?.status === 'error' && (
          <div className="upload-item-errors" role="alert">
            <p>{UPLOAD_MESSAGES.errorsHeading}</p>
            <ul>
              {upload.errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
        {at('imageId') && <p className="field-message">{at('imageId')!.join(' & ')}</p>}
      </div>
    </div>
  );
}

import { OnboardingHint } from '../../../onboarding/OnboardingHint';
import { TOUR_LIMITS, type OverlayLayout } from '@tourly/contracts';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../../shared/ErrorDisplay';
import { useForm } from '../../../../../shared/forms/useForm';
import { Pager } from '../../../../../shared/Pager';
import { TextField } from '../../../../../shared/TextField';
import { MESSAGES } from '../../../../../shared/strings';
import type { OverlayTemplate } from '../api';
import { useCreateTemplateMutation, useDeleteTemplateMutation, useTemplatesQuery } from '../queries';

const PAGE_SIZE = 10;
/** The list is asked for this long after typing stops, as the properties list is. */
const SEARCH_DELAY_MS = 300;

interface TemplatesPanelProps {
  overlay: OverlayLayout;
  onApply(template: OverlayTemplate): void;
}

/**
 * The provider's overlay templates: the current overlay saved under a name; the list (newest first, searched by
 * name, ten a page), each applied to this tour's draft or deleted after asking.
 */
export function TemplatesPanel({ overlay, onApply }: TemplatesPanelProps) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<OverlayTemplate | null>(null);
  const [notice, setNotice] = useState('');
  const list = useTemplatesQuery({ page, pageSize: PAGE_SIZE, search });
  const create = useCreateTemplateMutation();
  const remove = useDeleteTemplateMutation();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const form = useForm({
    initial: { name: '' },
    fields: { name: 'overlayTemplate.name' },
    submit: async ({ name }) => {
      if (name.trim() === '') {
        form.refuse('name', MESSAGES.required);
        return undefined;
      }
      return create.run({ name: name.trim(), overlay });
    },
    onSuccess: (template) => {
      form.setValues({ name: '' });
      setNotice(`The overlay was saved as “${template.name}”.`);
    },
  });

  const templates = list.data;
  return (
    <div className="layers-editor">
      <OnboardingHint flag="overlay_template" title="Reuse an overlay">
        <p>
          Save this tour’s overlay as a template. In any of your tours, applying a template gives it the
          template’s rows, colours and logos.
        </p>
      </OnboardingHint>
      <form className="template-save" aria-label="Save as template" onSubmit={form.handleSubmit} noValidate>
        <TextField label="Template name" maxLength={TOUR_LIMITS.templateName} {...form.field('name')} />
        <div ref={form.alertRef} tabIndex={-1}>
          <ErrorDisplay error={form.errors.alert} />
        </div>
        <button type="submit" className="button button-secondary" disabled={form.isPending}>
          Save overlay as template
        </button>
      </form>
      <p role="status" className="muted">
        {notice}
      </p>
      <TextField
        label="Search templates"
        type="search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <ErrorDisplay error={list.error ?? remove.error} />
      {templates && templates.items.length === 0 && (
        <p className="muted">{search ? `No templates named like “${search}”.` : 'No templates yet.'}</p>
      )}
      {templates && templates.items.length > 0 && (
        <ul className="template-list" aria-label="Overlay templates">
          {templates.items.map((template) => (
            <li key={template.id} className="template-item">
              {template.thumbnailUrl && <img src={template.thumbnailUrl} alt="" loading="lazy" />}
              <span className="template-name">{template.name}</span>
              <div className="actions">
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={`Apply ${template.name}`}
                  onClick={() => {
                    onApply(template);
                    setNotice(`“${template.name}” was applied to the draft.`);
                  }}
                >
                  Apply
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={`Delete ${template.name}`}
                  onClick={() => setDeleting(template)}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {templates && (
        <Pager label="Template pages" page={page} totalPages={templates.totalPages} onPage={setPage} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this template?"
        confirmLabel="Delete template"
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const outcome = await remove.run(deleting.id);
          if (outcome.ok) setNotice(`“${deleting.name}” was deleted.`);
          setDeleting(null);
        }}
      >
        <p>“{deleting?.name}” will no longer be offered. Tours it was applied to keep their overlay.</p>
      </ConfirmDialog>
    </div>
  );
}

import { Box, Link, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Form, TextInput, useBasename, useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../shared/format';
import type { ConsoleDataProvider } from '../dataProvider';
import { Details } from '../shared/Details';
import { Section } from '../shared/Section';
import { FormErrorSummary, SubmitButton, useServerSubmit } from '../shared/useServerSubmit';
import { providerPagePath } from './tabs';
import type { ProviderRecord } from './types';

/**
 * The provider at a glance: its name, subdomain, when it signed up and its id; its tag, edited in place; and the
 * lists elsewhere in the console that hold its records (its credit bundles, vouchers, the impersonation log).
 */
export function OverviewTab({ provider }: { provider: ProviderRecord }) {
  const basename = useBasename();
  const bundles = `${basename}/credit_bundles?${new URLSearchParams({
    filter: JSON.stringify({ providerId: provider.id }),
  })}`;
  return (
    <>
      <Section id="provider-details" title="Details">
        <Details
          items={[
            ['Name', provider.name],
            ['Subdomain', provider.subdomain ?? '—'],
            ['Created', formatDateTime(provider.createdAt)],
            ['ID', provider.id],
          ]}
        />
      </Section>
      <TagSection provider={provider} />
      <Section id="provider-elsewhere" title="Elsewhere in the console">
        <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
          <li>
            <Link component={RouterLink} to={bundles}>
              Credit bundles it received
            </Link>
          </li>
          <li>
            <Link component={RouterLink} to={providerPagePath(basename, provider.id, 'credits')}>
              Its credits: balance and adjustments
            </Link>
          </li>
          <li>
            <Link component={RouterLink} to={`${basename}/vouchers`}>
              Vouchers
            </Link>
          </li>
          <li>
            <Link component={RouterLink} to={`${basename}/impersonations`}>
              The impersonation log
            </Link>
          </li>
        </Box>
      </Section>
    </>
  );
}

interface TagValues {
  tag: string | null;
}

/**
 * The provider's tag, an administrator's label shown and filtered on in the providers list (POST
 * /admin/update_tag.json): one line, at most 40 characters; blank takes it off. The server's refusal under the input.
 */
function TagSection({ provider }: { provider: ProviderRecord }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAccess } = useCanAccess({ resource: 'providers', action: 'tag' });
  // The form starts again from what is saved whenever that changes (and only then).
  const record = useMemo<TagValues>(() => ({ tag: provider.tag ?? '' }), [provider.tag]);
  const { onSubmit } = useServerSubmit<TagValues, ProviderRecord>({
    fields: ['tag'],
    send: ({ tag }) => dataProvider.updateTag(provider.id, tag?.trim() ? tag : null),
    onSuccess: (saved) => {
      const message = saved.tag ? `${saved.name} is tagged “${saved.tag}”.` : `${saved.name} has no tag now.`;
      notify(message, { type: 'success', messageArgs: { _: message } });
      // The page's heading and the providers list show the tag.
      void queryClient.invalidateQueries({ queryKey: ['providers'] });
    },
  });

  return (
    <Section id="provider-tag" title="Tag">
      {canAccess ? (
        <Form record={record} onSubmit={onSubmit} noValidate disableInvalidFormNotification>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2 }}>
            <TextInput
              source="tag"
              label="Tag"
              helperText="A label for administrators, at most 40 characters; leave it blank to take it off."
              sx={{ flex: '1 1 16rem', maxWidth: '28rem' }}
            />
            <Box sx={{ pt: 1.5 }}>
              <SubmitButton label="Save tag" />
            </Box>
          </Box>
          <FormErrorSummary />
        </Form>
      ) : (
        <Typography>{provider.tag ?? 'No tag'}</Typography>
      )}
    </Section>
  );
}

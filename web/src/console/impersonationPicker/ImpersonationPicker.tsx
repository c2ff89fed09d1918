import { useEffect, useState } from 'react';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useCanAccess, useGetList } from 'react-admin';
import { useDebouncedValue } from '../../shared/useDebouncedValue';
import { useVerb } from '../shared/useVerb';
import type { ProviderRecord } from '../providers/types';

/** The picker waits this long after the typing stops before it searches (002 §2). */
export const PICKER_DEBOUNCE_MS = 500;
/** A search shows every match it can on one page (the service's most); without one, the first providers. */
export const PICKER_SEARCH_PAGE_SIZE = 100;
const PICKER_BROWSE_PAGE_SIZE = 25;

/**
 * "Act as a provider", in the console's app bar: providers searched by name or subdomain as the admin types;
 * choosing one impersonates it (POST /admin/impersonations, remembering this console page, to which stopping comes
 * back) and loads the provider's pages. Clearing the choice leaves things as they are.
 */
export function ImpersonationPicker() {
  const { canAccess } = useCanAccess({ resource: 'providers', action: 'impersonate' });
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(text.trim(), PICKER_DEBOUNCE_MS);
  const { run, isPending } = useVerb();
  const providers = useGetList<ProviderRecord>(
    'providers',
    {
      pagination: { page: 1, perPage: search ? PICKER_SEARCH_PAGE_SIZE : PICKER_BROWSE_PAGE_SIZE },
      sort: { field: 'name', order: 'ASC' },
      filter: search ? { search } : {},
    },
    { enabled: open && canAccess === true },
  );
  const [choice, setChoice] = useState<ProviderRecord | null>(null);
  useEffect(() => {
    if (!open) setText('');
  }, [open]);
  if (!canAccess) return null;

  async function impersonate(provider: ProviderRecord) {
    let destination = '';
    const returnTo = `${window.location.pathname}${window.location.search}`;
    const outcome = await run(async (dataProvider) => {
      destination = (await dataProvider.impersonate(provider.id, returnTo)).redirectTo;
    });
    // A new session: the next page is a full load, carrying its CSRF token and the provider's role.
    if (outcome.ok) window.location.assign(destination);
    else setChoice(null);
  }

  return (
    <Autocomplete<ProviderRecord>
      size="small"
      // On the app bar's colour: the field's own background, so what is typed reads as on any form.
      sx={{
        width: { xs: 150, sm: 280 },
        mx: 1,
        '& .MuiInputBase-root': { bgcolor: 'background.paper', borderRadius: 1 },
      }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={choice}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason === 'input' || reason === 'clear') setText(value);
      }}
      onChange={(_event, provider) => {
        setChoice(provider);
        if (provider) void impersonate(provider);
      }}
      // The server searches; every option it answered matches.
      filterOptions={(options) => options}
      options={providers.data ?? []}
      getOptionLabel={(provider) => provider.name}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      renderOption={(props, provider) => (
        <li {...props} key={provider.id}>
          {provider.name}
          {provider.subdomain ? ` (${provider.subdomain})` : ''}
        </li>
      )}
      loading={providers.isFetching}
      disabled={isPending}
      noOptionsText={search ? 'No provider matches' : 'No providers'}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Act as a provider"
          placeholder="Find a provider"
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {providers.isFetching || isPending ? <CircularProgress color="inherit" size={16} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

import { Box, Typography } from '@mui/material';
import { TextInput } from 'react-admin';
import { CREDIT_INPUTS } from './stagingAssets';

/**
 * A third-party model's credit (002 §3): the model, its author and its licence, each link absolute. All blank: no
 * credit (the platform's own model). The player's credits modal shows them to visitors.
 */
export function CreditInputs() {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mt: 1 }}>
        Third-party credit (optional)
      </Typography>
      <Typography variant="body2" color="text.secondary">
        For a model made by someone else: visitors see its name, author and licence. Leave every field blank
        for the platform’s own models.
      </Typography>
      <Box sx={{ display: 'grid', gap: 0, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {CREDIT_INPUTS.map(({ path, label }) => (
          <TextInput key={path} source={`asset.credit.${path}`} label={label} fullWidth />
        ))}
      </Box>
    </Box>
  );
}

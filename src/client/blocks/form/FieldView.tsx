import type { Resort } from '../../../shared/booking.js';
import { CheckboxField, ChoiceGroup, SelectField } from './ChoiceField.js';
import { CountryStateField } from './CountryStateField.js';
import { destinationGroups } from './destinations.js';
import type { FieldSpec } from './fields.js';
import type { ControlLookup } from './FieldParts.js';
import { RangeField } from './RangeField.js';
import type { RegionTable } from './regions.js';
import { TextField } from './TextField.js';

interface Props {
  field: FieldSpec;
  control: ControlLookup;
  regions: RegionTable | null;
  resorts: readonly Resort[];
}

/** One field of the form by its `kind` (unknown kinds were turned into `text` by fields.ts). */
export function FieldView({ field, control, regions, resorts }: Props) {
  switch (field.kind) {
    case 'checkbox':
      return field.options.length > 0 ? <ChoiceGroup field={field} control={control} /> : <CheckboxField field={field} control={control} />;
    case 'radio':
      return <ChoiceGroup field={field} control={control} />;
    case 'select':
      return <SelectField field={field} control={control} />;
    case 'destination':
      return <SelectField field={field} control={control} groups={destinationGroups(resorts, field.options) ?? undefined} />;
    case 'range':
      return <RangeField field={field} control={control} />;
    case 'country-state':
      return <CountryStateField field={field} control={control} regions={regions} />;
    default:
      return <TextField field={field} control={control} />;
  }
}

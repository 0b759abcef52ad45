import { checkForm, formFields } from '../blocks/form.js';
import { declare } from '../blocks/fields.js';

export const modalEmbeddedForm = declare('modals.embedded-form', formFields, { check: checkForm });

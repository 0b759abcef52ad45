import { checkForm, formFields, formPresentation } from '../blocks/form.js';
import { declare } from '../blocks/fields.js';

export const modalEmbeddedForm = declare('modals.embedded-form', formFields, formPresentation, { check: checkForm });

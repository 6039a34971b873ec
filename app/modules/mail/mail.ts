// The mail module's browser-safe face: the template kinds, their variables and the editor's form.
export {
  allowedVariables,
  BODY_MAX,
  fillVariables,
  isTemplateKind,
  sampleData,
  SUBJECT_MAX,
  TEMPLATE_KINDS,
  TEMPLATE_SPECS,
  templateForm,
  templateProblem,
  testAddressForm,
  type TemplateFormValues,
  type TemplateKind,
} from "./templates";

/** A field's validation message, next to its field and referenced by the field's `aria-describedby`. */
export interface FieldProblem {
  /** Id of the message element. */
  id: string;
  message: string;
}

/** Looks up the problem of a field id (see validation.ts `FIELD`), null when it is valid. */
export type Problems = (field: string) => FieldProblem | null;

export function FieldError({ problem }: { problem: FieldProblem | null }) {
  if (!problem) return null;
  return (
    <p id={problem.id} className="booking__error">
      {problem.message}
    </p>
  );
}

/** `aria-describedby` from hint and error ids; undefined when there are none (no empty attribute). */
export const describedBy = (...ids: (string | null | undefined | false)[]): string | undefined => ids.filter(Boolean).join(' ') || undefined;

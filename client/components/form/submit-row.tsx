/** A form's lone submit button in its actions row. */
export function SubmitRow({ label, disabled = false }: { label: string; disabled?: boolean }) {
  return (
    <div className="form-actions">
      <button type="submit" className="button button--primary" disabled={disabled}>
        {label}
      </button>
    </div>
  );
}

/** How a new account talks to its mail servers, in the words the account forms share. */
export function SecuritySelect({ value, onChange }: { value: string; onChange: (security: string) => void }) {
  return (
    <label>
      Security
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="tls">TLS</option>
        <option value="starttls">STARTTLS (required)</option>
        <option value="plain">None (only for a server on this computer)</option>
      </select>
    </label>
  );
}

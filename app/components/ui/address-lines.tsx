import type { ReactNode } from "react";
import { stateByCode } from "~/lib/india";

export type AddressView = { name: string; line1: string; line2?: string | null; city: string; stateCode: string; pin: string; landmark?: string | null };

/** An Indian postal address as its lines: name, street, city with state and PIN, then the landmark. The caller gives the frame (an <address>, a paragraph). */
export function AddressLines({ address, name }: { address: AddressView; name?: ReactNode }) {
  return (
    <>
      {name ?? address.name}
      <br />
      {address.line1}
      {address.line2 ? <>, {address.line2}</> : null}
      <br />
      {address.city}, {stateByCode(address.stateCode)?.name ?? address.stateCode} {address.pin}
      {address.landmark ? (
        <>
          <br />
          Near {address.landmark}
        </>
      ) : null}
    </>
  );
}

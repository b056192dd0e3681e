/** Request ids: taken from the caller when it sent a sane one (so traces join up), otherwise made here. */
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export const REQUEST_ID_HEADER = "x-request-id";

export function requestIdFrom(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return given && SANE_ID.test(given) ? given : crypto.randomUUID();
}

const octet = () => Math.floor(Math.random() * 254) + 1;

/** An address of a client of its own (the e2e server trusts the specs as its proxy: TRUST_PROXY). */
export const randomAddress = () => `10.${octet()}.${octet()}.${octet()}`;

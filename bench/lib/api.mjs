// The few real API calls the bench needs to set up its runs.
export async function call(url, path, { method = 'GET', token, json, form } = {}) {
  const headers = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    body = new URLSearchParams(form);
  }
  const response = await fetch(`${url}${path}`, { method, headers, body });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return data;
}

export async function logIn(url, { username, password }) {
  const { user } = await call(url, '/token', { method: 'POST', json: { username, password } });
  return user.access_token;
}

export async function reserve(url, token, code) {
  const list = await call(url, '/api/admin/reserves', { token });
  const rows = Array.isArray(list) ? list : list.items;
  return rows.find((row) => row.code === code || row.currencyCode === code);
}

export function setReserve(url, token, code, balance) {
  return call(url, `/api/admin/reserves/${code}`, { method: 'PUT', token, json: { balance } });
}

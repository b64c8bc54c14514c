import { data } from 'react-router';

/** Any unknown URL: a real 404 status from the server, rendered by the error boundary. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}

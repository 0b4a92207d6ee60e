import { Link } from 'react-router';
import { href } from 'shared-ui';

/** Any path outside the route table, for a signed-in user (docs/product.md#screens-and-routes). */
export function NotFoundPage() {
  return (
    <div>
      <h1 className="ofs-page-title">Page not found</h1>
      <p>There is no page at this address.</p>
      <Link to={href('dashboard')}>Go to the Dashboard</Link>
    </div>
  );
}

import { useAppName } from '../api/appConfig';
import { ButtonLink } from '../components/plain/PlainButton';
import { useSession } from '../session/session';
import '../components/cards.css';
import './WelcomePage.css';

/** `/`: the welcome page (docs/product.md#product, #screens). Plain elements: it loads with every page. */
export default function WelcomePage() {
  const appName = useAppName();
  const { token, user } = useSession();
  return (
    <div className="tg-container tg-container--sm welcome">
      <h1 className="welcome__title">Welcome to {appName}</h1>
      <p className="tg-h6 welcome__tagline">The modern college football contest platform</p>
      <div className="welcome__actions">
        {token ? (
          <ButtonLink variant="contained" size="large" to={user?.role === 'admin' ? '/admin' : '/dashboard'}>
            Go to your picks
          </ButtonLink>
        ) : (
          <>
            <ButtonLink variant="contained" size="large" to="/login">
              Login
            </ButtonLink>
            <ButtonLink variant="outlined" size="large" to="/register">
              Register
            </ButtonLink>
          </>
        )}
      </div>
    </div>
  );
}

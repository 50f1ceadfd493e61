import { createBrowserRouter } from 'react-router';
import { createAppRoutes } from './routes.tsx';

export const router = createBrowserRouter(createAppRoutes());

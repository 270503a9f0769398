import { Navigate, useLocation } from 'react-router-dom';

/** /chat/cassie is /chat?bestie=cassie, keeping any other query (success=true&plan=…). */
export function ChatCassieRedirect() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete('bestie');
  const rest = params.toString();
  return <Navigate replace to={`/chat?bestie=cassie${rest ? `&${rest}` : ''}`} />;
}

import { createRoot } from 'react-dom/client'
import Form300 from './pages/Form300'
import Table300 from './pages/Table300'
import List50k from './pages/List50k'

const pages: Record<string, () => React.JSX.Element> = {
  form300: Form300,
  table300: Table300,
  list50k: List50k,
}

const name = location.hash.slice(1)
const Page = pages[name]

createRoot(document.getElementById('root')!).render(
  Page ? (
    <Page />
  ) : (
    <ul>
      {Object.keys(pages).map((p) => (
        <li key={p}>
          <a href={`#${p}`} onClick={() => setTimeout(() => location.reload())}>
            {p}
          </a>
        </li>
      ))}
    </ul>
  ),
)

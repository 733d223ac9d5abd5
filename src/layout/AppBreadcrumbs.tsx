import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Breadcrumbs, Link, Typography } from '@mui/material';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import {
  useGetOne,
  useGetResourceLabel,
  useResourceDefinitions,
  useTranslate,
  type RaRecord,
  type ResourceDefinition,
} from 'react-admin';
import { menuLeaves, type MenuLeaf } from '../../domain/menu';

/** One step of the trail: a translated text, or a record whose title is read when the step is drawn. */
export type Crumb = { to: string; label: string } | { to: string; record: { resource: string; id: string } };

type Translate = (key: string, options?: Record<string, unknown>) => string;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** The menu entry whose address is the longest start of the path ('/templates/custom-fields/3' → custom fields). */
const entryOf = (segments: string[]): MenuLeaf | undefined =>
  menuLeaves()
    .filter((leaf) => leaf.path !== '/')
    .map((leaf) => ({ leaf, parts: segmentsOf(leaf.path) }))
    .filter(({ parts }) => parts.length <= segments.length && parts.every((p, i) => p === segments[i]))
    .sort((a, b) => b.parts.length - a.parts.length)[0]?.leaf;

/** Resources whose record page is /{resource}/{id} itself (the sale page), not react-admin's edit form. */
const RECORD_PAGE_AT_ID = new Set(['sales', 'pre-sale-bookings']);

/** Menu paths whose records belong to a resource of another name (/reservation/{id} is a pre-sale booking). */
const RESOURCE_AT_PATH: Record<string, string> = { reservation: 'pre-sale-bookings' };

/** The word for a step that is not a record: an action, a sub-page, a report's name; '' leaves the step out. */
function stepLabel(segment: string, previous: string | undefined, translate: Translate): string {
  if (segment === 'create') return translate('ra.action.create');
  if (segment === 'edit') return translate('ra.action.edit');
  if (previous === 'reports') return translate(`reports.names.${segment}`, { _: '' });
  if (previous === 'bonuses') return translate(`bonuses.tabs.${segment}`, { _: '' });
  if (segment === 'board') return translate('board.title');
  return translate(`breadcrumbs.${segment}`, { _: '' });
}

/**
 * The breadcrumbs, from the address: Home, the menu entry (and the entry above it for a sub-page), the record,
 * the action. '/sales/12' → Home / Sales / ST-0012; '/templates/custom-fields' → Home / Templates / Custom fields.
 */
export function breadcrumbTrail(
  pathname: string,
  translate: Translate,
  resourceLabel: (resource: string) => string,
  resources: Record<string, ResourceDefinition>,
): Crumb[] {
  const segments = segmentsOf(pathname);
  if (segments.length < 2) return [];
  const trail: Crumb[] = [{ to: '/', label: translate('menu.home') }];
  const entry = entryOf(segments);
  let used: number;
  if (entry) {
    used = segmentsOf(entry.path).length;
    if (used > 1) {
      const parent = menuLeaves().find((leaf) => leaf.path === `/${segments[0]}`);
      const parentLabel = parent
        ? translate(`menu.${parent.tag}`)
        : resources[segments[0]] && resourceLabel(segments[0]);
      if (parentLabel) trail.push({ to: `/${segments[0]}`, label: parentLabel });
    }
    trail.push({ to: entry.path, label: translate(`menu.${entry.tag}`) });
  } else if (resources[segments[0]]) {
    used = 1;
    trail.push({ to: `/${segments[0]}`, label: resourceLabel(segments[0]) });
  } else return [];

  const path = segments.slice(0, used).join('/');
  const resource = RESOURCE_AT_PATH[path] ?? path;
  for (let i = used; i < segments.length; i++) {
    const segment = segments[i];
    const to = `/${segments.slice(0, i + 1).join('/')}`;
    const definition = resources[resource];
    if (/^\d+$/.test(segment) && definition) {
      const atId = RECORD_PAGE_AT_ID.has(resource);
      trail.push({ to: definition.hasShow && !atId ? `${to}/show` : to, record: { resource, id: segment } });
      // react-admin's edit form lives at /{resource}/{id}
      if (i === segments.length - 1 && !atId && definition.hasEdit)
        trail.push({ to, label: translate('ra.action.edit') });
    } else if (segment !== 'show') {
      const label = stepLabel(segment, segments[i - 1], translate);
      if (label) trail.push({ to, label });
    }
  }
  return trail.length > 2 ? trail : [];
}

const TITLE_FIELDS = ['contract_no', 'number', 'name', 'full_name', 'title', 'subject', 'code', 'original_name'];

/** What a record is called: its resource's own representation, else the first of the usual title fields, else #id. */
export function recordTitle(record: RaRecord | undefined, id: string, definition?: ResourceDefinition): string {
  if (record) {
    const own = definition?.recordRepresentation;
    if (typeof own === 'function') {
      const text = own(record);
      if (typeof text === 'string' && text) return text;
    } else if (typeof own === 'string' && record[own]) return String(record[own]);
    for (const field of TITLE_FIELDS) if (record[field]) return String(record[field]);
  }
  return `#${id}`;
}

function RecordStep({ resource, id }: { resource: string; id: string }) {
  const definition = useResourceDefinitions()[resource];
  const { data } = useGetOne(resource, { id }, { retry: false, staleTime: 30_000 });
  return <>{recordTitle(data, id, definition)}</>;
}

/** The trail above every page below the top level; nothing on Home and on the menu's own pages. */
export function AppBreadcrumbs() {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const resources = useResourceDefinitions();
  const trail = breadcrumbTrail(pathname, translate, (r) => getResourceLabel(r, 2), resources);
  if (trail.length === 0) return null;
  return (
    <Breadcrumbs
      aria-label={translate('breadcrumbs.label')}
      separator={<NavigateNextIcon fontSize="small" />}
      sx={{ mt: 1, mb: 0.5, fontSize: 14, '& ol': { flexWrap: 'wrap' } }}
      data-testid="breadcrumbs"
    >
      {trail.map((crumb, i) => {
        const text = 'record' in crumb ? <RecordStep {...crumb.record} /> : crumb.label;
        return i === trail.length - 1 ? (
          <Typography key={i} color="text.primary" fontSize="inherit" aria-current="page">
            {text}
          </Typography>
        ) : (
          <Link key={i} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {text}
          </Link>
        );
      })}
    </Breadcrumbs>
  );
}

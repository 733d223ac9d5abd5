import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, ResourceDefinitionContextProvider, type ResourceDefinition } from 'react-admin';
import { AppBreadcrumbs } from '../../src/layout/AppBreadcrumbs';
import { DateRangeInput, LinkValue, MinMaxInput, useUploadFailed } from '../../src/widgets';
import { saleDetailSchema } from '../../domain/contracts/sales';
import { customerSchema } from '../../domain/contracts/customers';
import { renderWithAdmin } from './render';
import { answer, answerWithApiServer, apiServer, dataOf, route } from './apiServer';
import { aCustomer, aSaleDetail } from './records';

answerWithApiServer();

/** Shared widgets: breadcrumbs, the link widget, the upload-failure toast. */
const definitions: Record<string, ResourceDefinition> = {
  sales: { name: 'sales', hasList: true, hasShow: true, hasEdit: true, hasCreate: true },
  customers: { name: 'customers', hasList: true, hasShow: true, hasEdit: true, hasCreate: true },
};

/** GET /sales/{id} and /customers/{id}: the records the trail names. */
const serveRecords = () =>
  apiServer.use(
    route('get', '/api/sales/:id', [], ({ path }) => {
      const id = Number(path.split('/').at(-1));
      return answer(dataOf(saleDetailSchema), { data: aSaleDetail({ id, contract_no: `ST-00${id}` }) });
    }),
    route('get', '/api/customers/:id', [], ({ path }) =>
      answer(dataOf(customerSchema), {
        data: aCustomer({ id: Number(path.split('/').at(-1)), name: 'ნინო ბერიძე', personal_number: '01001012345' }),
      }),
    ),
  );

const trailAt = async (path: string, locale: 'en' | 'ka' = 'en') => {
  serveRecords();
  renderWithAdmin(
    <ResourceDefinitionContextProvider definitions={definitions}>
      <AppBreadcrumbs />
    </ResourceDefinitionContextProvider>,
    { path, locale },
  );
  const nav = screen.queryByTestId('breadcrumbs');
  return nav;
};

const steps = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('breadcrumbs (starting at Home, on every page below the top level)', () => {
  it('a sale page: Home / Sales / its contract number, each step but the last a link', async () => {
    const nav = (await trailAt('/sales/12'))!;
    expect(await within(nav).findByText('ST-0012')).toBeTruthy();
    expect(steps(nav)).toEqual(['Home', 'Sales', 'ST-0012']);
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Sales' }).getAttribute('href')).toBe('/sales');
    expect(within(nav).queryByRole('link', { name: 'ST-0012' })).toBeNull();
  });

  it("a sale's edit form and a customer's: the record links to its page, then the action", async () => {
    const nav = (await trailAt('/customers/5'))!;
    expect(await within(nav).findByText('ნინო ბერიძე')).toBeTruthy();
    expect(steps(nav)).toEqual(['Home', 'Customers', 'ნინო ბერიძე', 'Edit']);
    expect(within(nav).getByRole('link', { name: 'ნინო ბერიძე' }).getAttribute('href')).toBe('/customers/5/show');
  });

  it('a sale edit form links back to the sale page at /sales/{id}', async () => {
    const nav = (await trailAt('/sales/7/edit'))!;
    expect(await within(nav).findByText('ST-007')).toBeTruthy();
    expect(steps(nav)).toEqual(['Home', 'Sales', 'ST-007', 'Edit']);
    expect(within(nav).getByRole('link', { name: 'ST-007' }).getAttribute('href')).toBe('/sales/7');
  });

  it('a sub-page names the menu entry above it, in Georgian too', async () => {
    const nav = (await trailAt('/templates/custom-fields', 'ka'))!;
    expect(steps(nav)).toEqual(['მთავარი', 'დოკუმენტების შაბლონები', 'დამატებითი ველები']);
  });

  it('a report and the board name their page', async () => {
    expect(steps((await trailAt('/reports/cashflow'))!)).toEqual(['Home', 'Reports', 'Cash flow ahead']);
  });

  it('top-level pages and Home show no trail', async () => {
    expect(await trailAt('/sales')).toBeNull();
  });
});

describe('the link widget (email, phone, url, file)', () => {
  it('writes mailto, tel in +995 form, a new-tab link for a public site and a download for a file', () => {
    renderWithAdmin(
      <>
        <LinkValue mode="email" value={['a@example.ge', 'b@example.ge']} />
        <LinkValue mode="phone" value="555 12 34 56" />
        <LinkValue mode="url" value="https://example.ge/about" />
        <LinkValue mode="url" value="http://192.168.1.1" />
        <LinkValue mode="file" value="/api/files/signed?x=1" fileName="contract.pdf" />
      </>,
    );
    expect(screen.getByRole('link', { name: 'a@example.ge' }).getAttribute('href')).toBe('mailto:a@example.ge');
    expect(screen.getByRole('link', { name: 'b@example.ge' }).getAttribute('href')).toBe('mailto:b@example.ge');
    expect(screen.getByRole('link', { name: '+995 555 12 34 56' }).getAttribute('href')).toBe('tel:+995555123456');
    const site = screen.getByRole('link', { name: 'example.ge/about' });
    expect(site.getAttribute('href')).toBe('https://example.ge/about');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toContain('noopener');
    // a private address is shown, never opened
    expect(screen.getByText('192.168.1.1').closest('a')).toBeNull();
    const file = screen.getByRole('link', { name: 'contract.pdf' });
    expect(file.getAttribute('href')).toBe('/api/files/signed?x=1');
    expect(file.getAttribute('download')).toBe('contract.pdf');
  });
});

function FailingUpload() {
  const uploadFailed = useUploadFailed();
  return <button onClick={() => uploadFailed('plan.pdf', 'this file type is not allowed')}>upload</button>;
}

describe('an upload that fails', () => {
  it('says "Couldn\'t upload file: {name}." with the reason, in the user\'s language', async () => {
    renderWithAdmin(<FailingUpload />, { locale: 'ka' });
    await userEvent.click(screen.getByRole('button', { name: 'upload' }));
    expect(
      await screen.findByText('ფაილის ატვირთვა ვერ მოხერხდა: plan.pdf. this file type is not allowed'),
    ).toBeTruthy();
  });
});

describe('the date-range filter (swaps a reversed range)', () => {
  it('swaps the two dates once both are whole and the end comes first; a date being typed is left alone', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithAdmin(
      <Form onSubmit={onSubmit}>
        <DateRangeInput source="paid_on" resource="payments" />
        <button type="submit">Submit</button>
      </Form>,
    );
    expect(screen.getByRole('group', { name: 'Payment date' })).toBeTruthy();
    await user.type(screen.getByLabelText('Paid from'), '20/11/2026');
    await user.type(screen.getByLabelText('Paid to'), '01/11/2026');
    await waitFor(() => expect((screen.getByLabelText('Paid from') as HTMLInputElement).value).toBe('01/11/2026'));
    expect((screen.getByLabelText('Paid to') as HTMLInputElement).value).toBe('20/11/2026');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ paid_on_from: '2026-11-01', paid_on_to: '2026-11-20' });
  });
});

describe('the range slider beside min/max', () => {
  it('moves the boxes with its thumbs and applies the pair when let go; a thumb at an end is no bound', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithAdmin(
      <Form onSubmit={onSubmit}>
        <MinMaxInput source="area" label="Area" range={{ min: 38.5, max: 212 }} />
        <button type="submit">Submit</button>
      </Form>,
    );
    const minThumb = screen.getByRole('slider', { name: 'Area: Min' });
    const maxThumb = screen.getByRole('slider', { name: 'Area: Max' });
    // the span 38.5-212 in steps of 2 (about a hundredth): the ends 38 and 212
    expect(minThumb.getAttribute('aria-valuemin')).toBe('38');
    expect(maxThumb.getAttribute('aria-valuemax')).toBe('212');
    minThumb.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect((screen.getByLabelText('Min') as HTMLInputElement).value).toBe('42'));
    expect((screen.getByLabelText('Max') as HTMLInputElement).value).toBe('');
    maxThumb.focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect((screen.getByLabelText('Max') as HTMLInputElement).value).toBe('210'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ area_from: 42, area_to: 210 });
  });
});

import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, RecordContextProvider, required } from 'react-admin';
import { DateField, DateFormatSelect, DateInput, DATE_FORMAT_KEY, writeDateFormat } from '../../src/widgets';
import { renderWithAdmin } from './render';

const chooseFormat = (label: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Date format' }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: label }));
};

describe('DateField', () => {
  it('shows an ISO date as DD/MM/YYYY by default', () => {
    renderWithAdmin(
      <RecordContextProvider value={{ id: 1, signed_at: '2024-03-05' }}>
        <DateField source="signed_at" />
      </RecordContextProvider>,
    );
    expect(screen.getByText('05/03/2024')).toBeTruthy();
  });

  it('honours the stored dateFormat preference', () => {
    localStorage.setItem(DATE_FORMAT_KEY, 'M.D.YYYY');
    renderWithAdmin(
      <RecordContextProvider value={{ id: 1, signed_at: '2024-03-05' }}>
        <DateField source="signed_at" />
      </RecordContextProvider>,
    );
    expect(screen.getByText('3.5.2024')).toBeTruthy();
  });

  it('updates every mounted field when the user picks another format, and stores it as dateFormat', () => {
    renderWithAdmin(
      <>
        <DateFormatSelect />
        <RecordContextProvider value={{ id: 1, signed_at: '2024-03-05', created_at: '2024-12-31T10:15:00' }}>
          <DateField source="signed_at" />
          <DateField source="created_at" />
        </RecordContextProvider>
      </>,
    );
    expect(screen.getByText('05/03/2024')).toBeTruthy();
    expect(screen.getByText('31/12/2024')).toBeTruthy();
    chooseFormat('M.D.YYYY');
    expect(screen.getByText('3.5.2024')).toBeTruthy();
    expect(screen.getByText('12.31.2024')).toBeTruthy();
    expect(localStorage.getItem('dateFormat')).toBe('M.D.YYYY');
    chooseFormat('YYYY-M-D');
    expect(screen.getByText('2024-3-5')).toBeTruthy();
  });

  it('follows a change made in another tab (the storage event)', () => {
    renderWithAdmin(
      <RecordContextProvider value={{ id: 1, signed_at: '2024-03-05' }}>
        <DateField source="signed_at" />
      </RecordContextProvider>,
    );
    act(() => {
      localStorage.setItem(DATE_FORMAT_KEY, 'MM-DD-YYYY');
      window.dispatchEvent(new StorageEvent('storage', { key: DATE_FORMAT_KEY, newValue: 'MM-DD-YYYY' }));
    });
    expect(screen.getByText('03-05-2024')).toBeTruthy();
  });

  it('shows the calendar mode as DD/MM/YYYY and an empty value as emptyText', () => {
    localStorage.setItem(DATE_FORMAT_KEY, 'DATE_PICKER');
    renderWithAdmin(
      <RecordContextProvider value={{ id: 1, signed_at: '2024-03-05', ended_at: null }}>
        <DateField source="signed_at" />
        <DateField source="ended_at" emptyText="-" />
      </RecordContextProvider>,
    );
    expect(screen.getByText('05/03/2024')).toBeTruthy();
    expect(screen.getByText('-')).toBeTruthy();
  });
});

describe('DateFormatSelect', () => {
  it('offers the 15 formats, the calendar first', () => {
    renderWithAdmin(<DateFormatSelect />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Date format' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toHaveLength(15);
    expect(options[0]).toBe('Calendar');
    expect(options).toContain('DD/MM/YYYY');
    expect(options).toContain('YYYY-M-D');
  });
});

const renderForm = (ui: ReactNode, record: Record<string, unknown> = {}, locale: 'en' | 'ka' = 'en') => {
  const onSubmit = vi.fn();
  renderWithAdmin(
    <Form record={record} onSubmit={onSubmit}>
      {ui}
      <button type="submit">Submit</button>
    </Form>,
    { locale },
  );
  return onSubmit;
};

describe('DateInput', () => {
  it("in a typed format stores ISO: '31/12/2024' becomes 2024-12-31", async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm(<DateInput source="due_on" label="Due on" />);
    const input = screen.getByLabelText('Due on') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.placeholder).toBe('DD/MM/YYYY');
    await user.type(input, '31/12/2024');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ due_on: '2024-12-31' });
  });

  it("rejects '31/02/2024' saying there is no such date, and does not submit", async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm(<DateInput source="due_on" label="Due on" />);
    await user.type(screen.getByLabelText('Due on'), '31/02/2024');
    await user.tab();
    expect(await screen.findByText('there is no such date')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The form is not valid. Please check for errors')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // corrected, it goes through
    await user.clear(screen.getByLabelText('Due on'));
    await user.type(screen.getByLabelText('Due on'), '29/02/2024');
    expect(screen.queryByText('there is no such date')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ due_on: '2024-02-29' });
  });

  it('rejects a two-digit year and the wrong separator', async () => {
    const user = userEvent.setup();
    renderForm(<DateInput source="due_on" label="Due on" />);
    const input = screen.getByLabelText('Due on');
    await user.type(input, '31/12/24');
    await user.tab();
    expect(await screen.findByText('wrong format')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '31-12-2024');
    expect(screen.getByText('wrong format')).toBeTruthy();
  });

  it("shows the record's date in the chosen format and follows a change of format", async () => {
    localStorage.setItem(DATE_FORMAT_KEY, 'M.D.YYYY');
    const user = userEvent.setup();
    const onSubmit = renderForm(<DateInput source="due_on" label="Due on" />, { id: 1, due_on: '2024-03-05' });
    const input = screen.getByLabelText('Due on') as HTMLInputElement;
    expect(input.value).toBe('3.5.2024');
    act(() => writeDateFormat('YYYY-MM-DD'));
    expect((screen.getByLabelText('Due on') as HTMLInputElement).value).toBe('2024-03-05');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ due_on: '2024-03-05' });
  });

  it('still applies the validators it is given (required)', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm(
      <DateInput source="due_on" label="Due on" validate={required('validation.required')} />,
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('required field')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers a calendar from Monday; the day chosen shows in the user’s format, stored as ISO', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm(<DateInput source="due_on" label="Due on" />, { id: 1, due_on: '2024-03-05' });
    await user.click(screen.getByRole('button', { name: 'Choose in the calendar: Due on' }));
    const calendar = await screen.findByRole('grid');
    expect(within(calendar).getAllByRole('columnheader')[0].getAttribute('aria-label')).toBe('Monday');
    await user.click(within(calendar).getByRole('gridcell', { name: '20' }));
    await waitFor(() => expect(screen.queryByRole('grid')).toBeNull());
    expect((screen.getByLabelText('Due on') as HTMLInputElement).value).toBe('20/03/2024');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ due_on: '2024-03-20' });
  });

  it('names the calendar’s month and weekdays in Georgian', async () => {
    const user = userEvent.setup();
    renderForm(<DateInput source="due_on" label="ვადა" />, { id: 1, due_on: '2024-03-05' }, 'ka');
    await user.click(screen.getByRole('button', { name: 'კალენდარში არჩევა: ვადა' }));
    const calendar = await screen.findByRole('grid');
    expect(within(calendar).getAllByRole('columnheader')[0].getAttribute('aria-label')).toBe('ორშაბათი');
    expect(screen.getByText('მარტი 2024')).toBeTruthy();
  });

  it('in calendar mode is a native date input holding ISO', async () => {
    localStorage.setItem(DATE_FORMAT_KEY, 'DATE_PICKER');
    const user = userEvent.setup();
    const onSubmit = renderForm(<DateInput source="due_on" label="Due on" />, { id: 1, due_on: '2024-03-05' });
    const input = screen.getByLabelText('Due on') as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.value).toBe('2024-03-05');
    fireEvent.change(input, { target: { value: '2024-12-31' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ due_on: '2024-12-31' });
  });
});

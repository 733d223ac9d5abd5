import { Create, Edit, SimpleForm, Toolbar, SaveButton, useRecordContext } from 'react-admin';
import { DeleteWithConfirmButton, RecordForm } from '../../widgets';
import { useCurrentUser } from '../../layout/useCurrentUser';
import { useCan } from '../../layout/useCan';
import { UserInputs, userResolver } from './UserInputs';

function EditToolbar() {
  const user = useCurrentUser();
  const can = useCan();
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {can('users', 'delete') && record?.id !== user?.id && <DeleteWithConfirmButton />}
    </Toolbar>
  );
}

/** Saving the signed-in user reloads the page, so new permissions and names take effect at once. */
export function UserEdit() {
  const user = useCurrentUser();
  return (
    <Edit
      mutationMode="pessimistic"
      transform={(data: Record<string, unknown>) => ({ ...data, password: data.password || undefined })}
      mutationOptions={{
        onSuccess: (data: { id: number }) => {
          if (data.id === user?.id) window.location.reload();
        },
      }}
      redirect="list"
    >
      <RecordForm resolver={userResolver(false)} toolbar={<EditToolbar />}>
        <UserInputs creating={false} />
      </RecordForm>
    </Edit>
  );
}

export function UserCreate() {
  return (
    <Create redirect="list">
      <SimpleForm resolver={userResolver(true)} defaultValues={{ active: true, roles: [], buildings: [] }}>
        <UserInputs creating />
      </SimpleForm>
    </Create>
  );
}

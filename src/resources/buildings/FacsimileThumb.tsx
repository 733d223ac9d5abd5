import { Box, Tooltip } from '@mui/material';
import ApartmentIcon from '@mui/icons-material/Apartment';
import { useTranslate } from 'react-admin';

/** The facsimile as a 50x50 thumbnail; hovering it shows a 300x300 preview. */
export function FacsimileThumb({ url, name }: { url: string | null; name: string }) {
  const translate = useTranslate();
  const alt = `${translate('sites.building.facsimile')}: ${name}`;
  if (!url) {
    return (
      <Box
        sx={{
          width: 50,
          height: 50,
          flex: 'none',
          borderRadius: 1,
          bgcolor: 'action.hover',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: 'text.disabled',
        }}
      >
        <ApartmentIcon />
      </Box>
    );
  }
  return (
    <Tooltip
      placement="right-start"
      slotProps={{ tooltip: { sx: { p: 0.5, maxWidth: 'none', bgcolor: 'background.paper', boxShadow: 6 } } }}
      title={
        <Box
          component="img"
          src={url}
          alt={alt}
          sx={{ width: 300, height: 300, objectFit: 'contain', display: 'block' }}
        />
      }
    >
      <Box
        component="img"
        src={url}
        alt={alt}
        tabIndex={0}
        sx={{
          width: 50,
          height: 50,
          flex: 'none',
          objectFit: 'contain',
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          cursor: 'zoom-in',
        }}
      />
    </Tooltip>
  );
}

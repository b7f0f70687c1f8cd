// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title Bincentive Token (BCNT)
/// @notice Fixed-supply ERC-20 with EIP-2612 permit. The whole supply of 1,000,000,000 BCNT
/// (18 decimals) is minted once, to the treasury, at deployment; there is no mint or burn after.
contract BCNT is ERC20, ERC20Permit {
    /// @notice 1,000,000,000 tokens with 18 decimals.
    uint256 public constant TOTAL_SUPPLY = 1_000_000_000 * 10 ** 18;

    /// @notice The treasury passed to the constructor was the zero address.
    error BCNTZeroTreasury();

    constructor(address treasury) ERC20("Bincentive Token", "BCNT") ERC20Permit("Bincentive Token") {
        if (treasury == address(0)) revert BCNTZeroTreasury();
        _mint(treasury, TOTAL_SUPPLY);
    }
}

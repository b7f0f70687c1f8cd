// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Test Tether USD (USDT) for local chains
/// @notice A minimal 6-decimal token that mimics mainnet USDT's non-standard ABI: `transfer`,
/// `transferFrom` and `approve` return NO value, so callers must use SafeERC20. Deliberately not
/// OpenZeppelin's ERC20 (whose functions return bool). The owner may mint.
contract TestUSDT is Ownable {
    string public constant name = "Tether USD";
    string public constant symbol = "USDT";
    uint8 public constant decimals = 6;

    uint256 public totalSupply;
    mapping(address account => uint256) public balanceOf;
    mapping(address owner => mapping(address spender => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    /// @notice The sender's balance is below the amount.
    error USDTInsufficientBalance(address from, uint256 balance, uint256 needed);
    /// @notice The spender's allowance is below the amount.
    error USDTInsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    /// @notice Transfers and mints to the zero address are refused.
    error USDTInvalidReceiver(address receiver);

    constructor(address initialOwner) Ownable(initialOwner) {}

    /// @notice Mints `amount` (6 decimals) to `to`. Owner only.
    function mint(address to, uint256 amount) external onlyOwner {
        if (to == address(0)) revert USDTInvalidReceiver(to);
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    /// @notice Like mainnet USDT: no return value.
    function transfer(address to, uint256 amount) external {
        _transfer(msg.sender, to, amount);
    }

    /// @notice Like mainnet USDT: no return value. An allowance of type(uint256).max is not spent.
    function transferFrom(address from, address to, uint256 amount) external {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < amount) revert USDTInsufficientAllowance(msg.sender, allowed, amount);
            unchecked {
                allowance[from][msg.sender] = allowed - amount;
            }
        }
        _transfer(from, to, amount);
    }

    /// @notice Like mainnet USDT: no return value.
    function approve(address spender, uint256 amount) external {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
    }

    function _transfer(address from, address to, uint256 amount) private {
        if (to == address(0)) revert USDTInvalidReceiver(to);
        uint256 balance = balanceOf[from];
        if (balance < amount) revert USDTInsufficientBalance(from, balance, amount);
        unchecked {
            balanceOf[from] = balance - amount;
        }
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
